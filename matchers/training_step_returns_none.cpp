// LF003 training-step-returns-none: a LightningModule's `training_step`
// that returns `None` (or can fall off its end) in automatic optimization,
// when the Trainer runs DeepSpeed.

#include <fmt/format.h>

#include "model/file_model.h"
#include "model/project_model.h"
#include "python/flow.h"
#include "python/node.h"
#include "python/source_file.h"
#include "rules/rule.h"

namespace lightfix {

static const char* kLightningSays =
    "Skipping backward by returning `None` from your `training_step` is not supported by "
    "`DeepSpeed`";

// The `training_step` defined directly in a class body, or null.
static TSNode trainingStepOf(TSNode cls, std::string_view source) {
  for (TSNode item : namedChildren(field(cls, "body"))) {
    TSNode def = is(item, "decorated_definition") ? field(item, "definition") : item;
    if (is(def, "function_definition") && textOf(field(def, "name"), source) == "training_step")
      return def;
  }
  return TSNode{};
}

static bool returnsNone(TSNode ret) {
  std::vector<TSNode> values = namedChildren(ret);
  return values.empty() || (values.size() == 1 && is(values[0], "none"));
}

void matchTrainingStepReturnsNone(const FileContext& ctx, std::vector<Finding>& out) {
  std::string_view source = ctx.file.text();
  for (const LightningModuleClass& cls : ctx.model.lightningModules()) {
    if (cls.manualOptimization) continue;
    TSNode step = trainingStepOf(cls.node, source);
    if (isNull(step)) continue;
    auto strategy = ctx.project.trainerStrategyFor(ctx.file.path());
    if (!strategy) continue;

    bool generator = false;
    std::vector<TSNode> noneReturns;
    forEachOwnNode(step, [&](TSNode n) {
      if (is(n, "yield")) generator = true;
      if (is(n, "return_statement") && returnsNone(n)) noneReturns.push_back(n);
    });
    if (generator) continue;

    // `ret` is the `return` to replace, or null when control falls off the end.
    auto report = [&](TSNode node, uint32_t end, TSNode ret, const char* problem) {
      Finding f;
      f.code = "LF003";
      f.start = startOf(node);
      f.end = end;
      f.severity = strategy->kind == Strategy::DeepSpeed ? Severity::Error : Severity::Warning;
      f.message = fmt::format("{}; {} raises \"{}\"", problem, describe(*strategy, ctx.file.path()),
                              kLightningSays);
      f.nodes["function"] = step;
      if (!isNull(ret)) f.nodes["return"] = ret;
      out.push_back(std::move(f));
    };
    for (TSNode ret : noneReturns)
      report(ret, endOf(ret), ret, "`training_step` returns `None`, skipping backward");
    if (!alwaysExits(field(step, "body"), source)) {
      // Reported on `def training_step`, where the missing return belongs.
      report(step, endOf(field(step, "name")), TSNode{},
             "`training_step` can end without returning a loss");
    }
  }
}

}  // namespace lightfix
