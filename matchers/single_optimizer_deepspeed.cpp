// LF010 single-optimizer-deepspeed: more than one optimizer (or LR
// scheduler) under DeepSpeed: `fabric.setup(model, opt1, opt2)` on a
// DeepSpeed Fabric, or a `configure_optimizers` returning several when the
// Trainer runs DeepSpeed.

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>
#include <tuple>

#include "core/source_file.h"
#include "matchers/fabric_calls.h"
#include "model/deepspeed_config.h"
#include "model/file_model.h"
#include "model/project_classes.h"
#include "model/project_index.h"
#include "model/project_model.h"
#include "python/flow.h"
#include "python/node.h"
#include "rules/rule.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kSingleOptimizerDeepspeed{
    "LF010",
    "single-optimizer-deepspeed",
    "several optimizers or LR schedulers under DeepSpeed",
    "Currently only one optimizer is supported with DeepSpeed. Got 2 optimizers instead.",
    {"setup", "configure_optimizers"},
    "Currently only one optimizer is supported with DeepSpeed.",
    // Fabric's text, then the Trainer's, then what Lightning raises first
    // for several optimizers in automatic optimization.
    R"(Currently only one optimizer is supported with DeepSpeed\. Got [0-9]+ optimizers instead\.|DeepSpeed currently only supports single optimizer, single optional scheduler\.|Training with multiple optimizers is only supported with manual optimization\.)",
    {{"Trainer", "DeepSpeed currently only supports single optimizer, single optional scheduler."},
     {"automatic",
      "Training with multiple optimizers is only supported with manual optimization."}}};

namespace {

// Packages whose classes there are optimizers (`apex.optimizers.FusedAdam`,
// `deepspeed.ops.adam.DeepSpeedCPUAdam`, `bitsandbytes.optim.AdamW8bit`).
constexpr std::string_view kOptimizerModules[] = {"apex.optimizers.",    "deepspeed.ops.adam.",
                                                  "deepspeed.ops.lamb.", "bitsandbytes.optim.",
                                                  "torch_optimizer.",    "timm.optim."};

// How many helpers deep an optimizer is looked for.
constexpr int kMaxHelperDepth = 3;

// A qualified name of an optimizer class: any of `torch.optim` but its
// schedulers; any of the packages above, as Lightning counts any optimizer.
bool optimizerClassName(std::string_view q) {
  if (q.rfind("torch.", 0) == 0)
    return q.rfind("torch.optim.", 0) == 0 && q.find("lr_scheduler") == std::string::npos &&
           q.find("swa_utils") == std::string::npos;
  return std::any_of(std::begin(kOptimizerModules), std::end(kOptimizerModules),
                     [&](std::string_view m) { return q.rfind(m, 0) == 0; });
}

// A project class deriving from an optimizer class, through classes of the
// project (GPT-SoVITS's `ScaledAdam(BatchedOptimizer)`,
// `BatchedOptimizer(torch.optim.Optimizer)`).
const SoughtBase& optimizerBase() {
  static const SoughtBase sought{optimizerClassName, {}};
  return sought;
}

// `hydra.utils.instantiate(cfg.optimizer, params)`, `...(cfg.train.head_optimizer,
// ...)`: Hydra building an object from a config key naming an optimizer.
bool hydraOptimizer(Node call, const FileModel& model) {
  std::string_view source = model.file().text();
  auto q = model.imports().qualify(field(call, "function"), source);
  if (!q || (*q != "hydra.utils.instantiate" && *q != "hydra.utils.call")) return false;
  std::vector<Node> args = positionalArguments(field(call, "arguments"));
  if (args.empty()) return false;
  std::string key;
  if (is(args[0], "attribute"))
    key = std::string(textOf(field(args[0], "attribute"), source));
  else if (!is(args[0], "subscript") || !stringLiteral(field(args[0], "subscript"), source, key))
    return false;
  return key.find("optimizer") != std::string::npos;
}

// `getattr(torch.optim, name)`, directly or through a name bound to it in
// plain code (mmf's `optimizer_class = getattr(torch.optim, optimizer_type)`):
// a class of `torch.optim` chosen by name, an optimizer unless the name is
// a literal naming something else (`"lr_scheduler"`).
bool optimizerClassByName(Node callee, Node scope, const FileModel& model) {
  std::string_view source = model.file().text();
  if (is(callee, "identifier")) {
    Origin o = model.bindings().trace(callee, scope);
    if (o.kind != Origin::Expression || o.index >= 0 || sameNode(o.expr, callee)) return false;
    callee = o.expr;
  }
  if (!is(callee, "call") || textOf(field(callee, "function"), source) != "getattr" ||
      model.imports().qualify(field(callee, "function"), source) ||
      model.bindings().definesName("getattr"))
    return false;
  std::vector<Node> args = positionalArguments(field(callee, "arguments"));
  if (args.size() < 2) return false;
  auto module = model.imports().qualify(args[0], source);
  std::string name;
  if (!module || *module != "torch.optim") return false;
  return !stringLiteral(args[1], source, name) || optimizerClassName("torch.optim." + name);
}

// `torch.optim.Adam(...)` (any optimizer class, or a project class deriving
// from one), directly, through a name bound once in the same function, made
// by Hydra from an optimizer's config (`instantiate(cfg.optimizer,
// params=...)`), or returned by a helper of the project
// (`get_optimizer(params)`) on each of its returns.
bool makesOptimizer(const FileModel& model, Node expr, Node scope, int depth = 0) {
  std::string_view source = model.file().text();
  Origin o = model.bindings().trace(expr, scope);
  if (o.kind != Origin::Expression || o.index >= 0 || !is(o.expr, "call")) return false;
  Node callee = field(o.expr, "function");
  auto q = model.imports().qualify(callee, source);
  if (q && (q->rfind("torch.", 0) == 0 || optimizerClassName(*q))) return optimizerClassName(*q);
  if (hydraOptimizer(o.expr, model) || derivesFromSought(model, callee, optimizerBase()) ||
      optimizerClassByName(callee, o.scope, model))
    return true;
  if (depth >= kMaxHelperDepth) return false;
  FileModel::Returns helper = model.returnsOfCalled(o.expr, FileModel::Runs::Direct);
  const FileModel* file = helper.file;
  for (Node value : helper.values)
    if (!makesOptimizer(*file, value, file->bindings().scopeOf(value), depth + 1)) return false;
  return !helper.values.empty();
}

// A dict literal with an "optimizer" key, as `configure_optimizers` returns.
bool optimizerDict(Node n, std::string_view source) {
  if (!is(n, "dictionary")) return false;
  for (Node pair : namedChildren(n)) {
    std::string key;
    if (is(pair, "pair") && stringLiteral(field(pair, "key"), source, key) && key == "optimizer")
      return true;
  }
  return false;
}

// The elements of a list, tuple or `a, b`; false for anything else or
// with a splat (`[*optimizers]`).
bool elementsOf(Node n, std::vector<Node>& out) {
  if (is(n, "parenthesized_expression")) n = namedChild(n, 0);
  if (!is(n, "list") && !is(n, "tuple") && !is(n, "expression_list")) return false;
  out.clear();
  for (Node e : namedChildren(n)) {
    if (is(e, "comment")) continue;
    if (is(e, "list_splat") || is(e, "parenthesized_list_splat")) return false;
    out.push_back(e);
  }
  return true;
}

// The one assignment reaching `name` when it binds a list literal (`opts =
// [...]`), or null; `everyPath`: whether it reaches on every path.
const Assignment* listBinding(const FileModel& model, Node name, Node scope, bool& everyPath) {
  ReachingAssignments reaching = model.bindings().reachingName(name, scope);
  everyPath = reaching.onEveryPath;
  if (reaching.assignments.size() != 1) return nullptr;
  const Assignment* made = reaching.assignments[0];
  return made->index < 0 && is(made->value, "list") ? made : nullptr;
}

// `opts = [Adam(...)]` then `opts.append(Adam(...))` (or `opts += [...]`)
// and `return opts`: the
// optimizers on every path to `ret`, and those some path appends (an `if`).
// False when the list may change otherwise (a loop, another call taking it).
bool countAppended(const FileModel& model, Node name, Node ret, Node scope, size_t& optimizers,
                   size_t& maybe) {
  std::string_view source = model.file().text();
  bool everyPath = false;
  const Assignment* made = listBinding(model, name, scope, everyPath);
  std::vector<Node> items;
  if (!made || !everyPath || !elementsOf(made->value, items)) return false;
  for (Node item : items)
    if (!makesOptimizer(model, item, scope)) return false;
  optimizers = items.size();
  maybe = 0;
  std::string_view text = textOf(name, source);
  bool known = true;
  forEachOwnNode(scope, [&](Node n) {
    if (!known || !is(n, "identifier") || textOf(n, source) != text ||
        startOf(n) <= endOf(made->statement) || startOf(n) >= startOf(ret))
      return;
    Node parent = parentOf(n);
    // `name += [Adam(...), ...]`
    if (is(parent, "augmented_assignment") && sameNode(field(parent, "left"), n)) {
      std::vector<Node> added;
      known = textOf(field(parent, "operator"), source) == "+=" &&
              elementsOf(field(parent, "right"), added) && !insideLoop(parent);
      for (Node item : added) known = known && makesOptimizer(model, item, scope);
      if (known) (runsBefore(parent, ret) ? optimizers : maybe) += added.size();
      return;
    }
    Node call = parentOf(parent);
    std::vector<Node> args = positionalArguments(field(call, "arguments"));
    known = is(parent, "attribute") && sameNode(field(parent, "object"), n) &&
            textOf(field(parent, "attribute"), source) == "append" && is(call, "call") &&
            args.size() == 1 && makesOptimizer(model, args[0], scope) && !insideLoop(call);
    if (known) ++(runsBefore(call, ret) ? optimizers : maybe);
  });
  maybe += optimizers;
  return known;
}

// The elements of the list `n` holds at `ret`: a list literal, or a name
// bound once to one that nothing names again before `ret` (where an
// `append` or a call taking it could change it).
bool listAt(const FileModel& model, Node n, Node ret, Node scope, std::vector<Node>& out) {
  if (is(n, "list")) return elementsOf(n, out);
  if (!is(n, "identifier")) return false;
  bool everyPath = false;
  const Assignment* made = listBinding(model, n, scope, everyPath);
  if (!made || !everyPath || !elementsOf(made->value, out)) return false;
  std::string_view source = model.file().text();
  std::string_view text = textOf(n, source);
  bool untouched = true;
  forEachOwnNode(scope, [&](Node use) {
    if (is(use, "identifier") && textOf(use, source) == text &&
        startOf(use) > endOf(made->statement) && startOf(use) < startOf(ret))
      untouched = false;
  });
  return untouched;
}

// How many optimizers and schedulers a returned value surely holds, in the
// forms Lightning's `_configure_optimizers` reads (`maybe`: how many
// optimizers some path gives); false when it cannot tell.
bool countReturned(const FileModel& model, Node value, Node ret, Node scope, size_t& optimizers,
                   size_t& schedulers, size_t& maybe) {
  std::string_view source = model.file().text();
  std::vector<Node> items;
  if (!elementsOf(value, items)) return false;
  // `[opt_g, opt_d], [sched_g]`: two lists, written there or bound to names.
  std::vector<Node> first, second;
  bool two = false;
  if (items.size() == 2) {
    if (listAt(model, items[0], ret, scope, first)) {
      optimizers = maybe = first.size();
      two = true;
    } else if (is(items[0], "identifier")) {
      two = countAppended(model, items[0], ret, scope, optimizers, maybe);
      // A list it cannot count (grown by a helper's optimizer) still makes
      // the return two lists: the schedulers count alone.
      if (!two) {
        bool everyPath = false;
        two = listBinding(model, items[0], scope, everyPath) != nullptr;
        optimizers = maybe = 0;
      }
    }
  }
  if (two) {
    schedulers = listAt(model, items[1], ret, scope, second) ? second.size() : 1;
    return true;
  }
  // `[{"optimizer": a}, {"optimizer": b}]` or `(opt_a, opt_b)`.
  bool dicts = true, made = true;
  for (Node item : items) {
    dicts = dicts && optimizerDict(item, source);
    made = made && makesOptimizer(model, item, scope);
  }
  if (!dicts && !made) return false;
  optimizers = items.size();
  schedulers = 0;
  return true;
}

// The optimizers a helper of the project returns on each of its returns
// (`return build_optimizers(self, cfg)`): the fewest and the most of them.
struct HelperCount {
  size_t fewest = 0;
  size_t most = 0;
};
std::optional<HelperCount> countHelperReturns(const FileModel& model, Node value) {
  if (!is(value, "call")) return std::nullopt;
  FileModel::Returns helper = model.returnsOfCalled(value, FileModel::Runs::Direct);
  if (helper.values.empty()) return std::nullopt;
  const FileModel* file = helper.file;
  HelperCount count{SIZE_MAX, 0};
  Node scope = helper.function->node;
  for (Node r : helper.values) {
    size_t optimizers = 0, schedulers = 0, maybe = 0;
    Node ret = parentOf(r);
    bool counted = is(r, "identifier")
                       ? countAppended(*file, r, ret, scope, optimizers, maybe)
                       : countReturned(*file, r, ret, scope, optimizers, schedulers, maybe);
    // A return it cannot count may give one optimizer.
    if (!counted) optimizers = maybe = 1;
    count.fewest = std::min(count.fewest, optimizers);
    count.most = std::max({count.most, optimizers, maybe});
  }
  return count;
}

// Several optimizers in automatic optimization: Lightning 2 refuses them
// before DeepSpeed's own check (`_validate_multiple_optimizers_support`).
// A `training_step(..., optimizer_idx)` is Lightning 1's way of taking
// them, where DeepSpeed's check is the one that raises.
// The `training_step` may be a base class's, of this file or another.
bool refusedBeforeDeepSpeed(const LightningModuleClass& cls, const FileModel& model) {
  if (cls.manualOptimization) return false;
  auto [file, step] = model.methodOfClass(cls.node, "training_step");
  return !file || !takesOptimizerIndex(*file, step);
}

void matchFabricSetups(const FileContext& ctx, std::vector<Finding>& out) {
  for (const SetupCall& setup : ctx.model.setups()) {
    if (setup.moduleOnly || !setup.fabric || !setup.fabric->strategy.deepSpeed()) continue;
    if (hasSplat(field(setup.call, "arguments")) || setup.arguments.size() < 3) continue;
    size_t optimizers = setup.arguments.size() - 1;
    out.push_back(fabricFinding(
        ctx, setup.call, *setup.fabric,
        fmt::format("`fabric.setup()` with {} optimizers under DeepSpeed", optimizers)));
  }
}

void matchConfigureOptimizers(const FileContext& ctx, std::vector<Finding>& out) {
  std::string_view source = ctx.file.text();
  // A DeepSpeed config with an "optimizer" makes Lightning skip
  // `configure_optimizers`: silent where a config given here has one, or
  // may have one (a dict or JSON file lightfix cannot read).
  for (const TrainerInstance& t : ctx.model.trainers()) {
    if (t.strategy.evidenceFile != &ctx.file || !is(t.strategy.evidence, "call")) continue;
    ConfigKey::Kind optimizer =
        deepSpeedConfigKey(t.strategy.evidence, {"optimizer"}, ctx.model).kind;
    if (optimizer == ConfigKey::Unknown || optimizer == ConfigKey::Present) return;
  }
  for (const LightningModuleClass& cls : ctx.model.lightningModules()) {
    Node fn = methodDefinedIn(cls.node, "configure_optimizers", source);
    if (isNull(fn)) continue;
    // One finding per method, at its first such `return`: Lightning raises
    // once, whichever branch runs.
    std::optional<std::pair<Node, std::string>> first;
    bool certain = true;
    walk(field(fn, "body"), [&](Node n) {
      if (first || is(n, "function_definition") || is(n, "lambda") || is(n, "class_definition"))
        return false;
      if (!is(n, "return_statement")) return true;
      size_t optimizers = 0, schedulers = 0, maybe = 0;
      Node value = namedChild(n, 0);
      if (std::optional<HelperCount> helper = countHelperReturns(ctx.model, value)) {
        if (helper->fewest > 1)
          first.emplace(n, fmt::format("{} optimizers", helper->fewest));
        else if (helper->most > 1)
          first.emplace(n, fmt::format("{} optimizers on some paths", helper->most));
        certain = helper->fewest > 1;
        return false;
      }
      if (is(value, "identifier") && countAppended(ctx.model, value, n, fn, optimizers, maybe)) {
        if (optimizers > 1)
          first.emplace(n, fmt::format("{} optimizers", optimizers));
        else if (maybe > 1)
          first.emplace(n, fmt::format("{} optimizers on some paths", maybe));
        certain = optimizers > 1;
        return false;
      }
      if (!countReturned(ctx.model, value, n, fn, optimizers, schedulers, maybe)) return false;
      if (optimizers > 1) {
        first.emplace(n, fmt::format("{} optimizers", optimizers));
      } else if (schedulers > 1) {
        first.emplace(n, fmt::format("{} LR schedulers", schedulers));
      } else if (maybe > 1) {
        first.emplace(n, fmt::format("{} optimizers on some paths", maybe));
        certain = false;
      }
      return false;
    });
    if (!first) continue;
    auto strategy =
        ctx.project.trainerStrategyFor(ctx.file.path(), cls.name, "configure_optimizers");
    if (!strategy) continue;
    const auto& [ret, what] = *first;
    bool automatic =
        what.find("optimizers") != std::string::npos && refusedBeforeDeepSpeed(cls, ctx.model);
    Finding f = sourceFinding(ctx, ret, *strategy,
                              fmt::format("`configure_optimizers` returns {}{}", what,
                                          automatic ? " in automatic optimization" : ""),
                              ctx.rule.quoted(automatic ? "automatic" : "Trainer"));
    // A count some path makes is as sure as a strategy some path picks.
    if (!certain) f.severity = Severity::Warning;
    out.push_back(std::move(f));
  }
}

}  // namespace

void matchSingleOptimizerDeepspeed(const FileContext& ctx, std::vector<Finding>& out) {
  matchFabricSetups(ctx, out);
  matchConfigureOptimizers(ctx, out);
}

}  // namespace lightfix
