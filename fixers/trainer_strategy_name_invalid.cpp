// LF014 trainer-strategy-name-invalid: say what the Fabric name means in the
// Trainer's terms, `DeepSpeedStrategy(stage=1, offload_optimizer=True)` (the
// Fabric registry's own definition of it), importing the class when needed;
// or import `DeepSpeedStrategy` from the side that uses it. Both safe: the
// two classes take the same arguments but `precision`/`precision_plugin`,
// and no fix is made when one of those is passed.

#include <fmt/format.h>

#include "core/source_file.h"
#include "edit/insertion.h"
#include "matchers/deepspeed_targets.h"
#include "matchers/trainer_strategy_name_invalid.h"
#include "model/file_model.h"
#include "model/lightning_classes.h"
#include "python/node.h"
#include "python/syntax_tree.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

const char* kClass = "DeepSpeedStrategy";

// The module the Trainer's strategies are imported from, in the package the
// Trainer itself comes from.
std::string trainerStrategiesModule(const FileContext& ctx, Node trainer) {
  auto q = ctx.model.imports().qualify(field(trainer, "function"), ctx.file.text());
  return q && q->rfind("pytorch_lightning", 0) == 0 ? "pytorch_lightning.strategies"
                                                    : "lightning.pytorch.strategies";
}

// Where a new Lightning import goes: after the last module-level import of
// Lightning before `point`, else after the last import; null when none.
Node importAnchor(const FileContext& ctx, Node point) {
  std::string_view source = ctx.file.text();
  Node last{}, lastLightning{};
  for (Node s : namedChildren(ctx.tree.root())) {
    if (startOf(s) >= startOf(point)) break;
    if (!is(s, "import_statement") && !is(s, "import_from_statement")) continue;
    last = s;
    Node module = is(s, "import_from_statement") ? field(s, "module_name") : field(s, "name");
    std::string_view name = textOf(module, source);
    if (is(module, "aliased_import")) name = textOf(field(module, "name"), source);
    std::string_view head = name.substr(0, name.find('.'));
    if (head == "lightning" || head == "pytorch_lightning") lastLightning = s;
  }
  return isNull(lastLightning) ? last : lastLightning;
}

std::optional<Fix> fixName(const FileContext& ctx, const TrainerStrategyNameInvalidMatch& match) {
  std::string_view source = ctx.file.text();
  Node name = match.name;
  Node trainer = match.trainer;
  Node keyword = parentOf(name);
  // Only the Trainer's own argument: a variable may feed other code.
  if (!is(keyword, "keyword_argument") || textOf(field(keyword, "name"), source) != "strategy" ||
      !sameNode(parentOf(parentOf(keyword)), trainer))
    return std::nullopt;
  Fix fix;
  if (auto bound = ctx.model.imports().qualifyName(kClass)) {
    if (!isDeepSpeedStrategyClass(*bound) || lightningSideOf(*bound) != LightningSide::Trainer)
      return std::nullopt;
  } else {
    if (ctx.model.bindings().definesName(kClass)) return std::nullopt;
    Node after = importAnchor(ctx, trainer);
    if (isNull(after)) return std::nullopt;
    std::string line =
        fmt::format("from {} import {}", trainerStrategiesModule(ctx, trainer), kClass);
    if (!addEdit(fix.edits, insertLineAfter(ctx.file, after, line))) return std::nullopt;
  }
  if (!addEdit(fix.edits,
               replaceNode(ctx.file, name, "DeepSpeedStrategy(stage=1, offload_optimizer=True)")))
    return std::nullopt;
  fix.message =
      std::string("Use `DeepSpeedStrategy(stage=1, offload_optimizer=True)`") + kOffloadNote;
  // Offloading, DeepSpeed takes only its own optimizer: the module's may
  // have to change too.
  fix.applicability = Applicability::Unsafe;
  return fix;
}

// `lightning.fabric.strategies` ⇄ `lightning.pytorch.strategies` (and the
// standalone packages), or empty for any other module.
std::string otherSide(const std::string& module) {
  static const std::pair<const char*, const char*> kPairs[] = {
      {"lightning.fabric.", "lightning.pytorch."}, {"lightning_fabric.", "pytorch_lightning."}};
  for (auto [fabric, pytorch] : kPairs) {
    for (int flip = 0; flip < 2; ++flip) {
      std::string from = flip ? pytorch : fabric, to = flip ? fabric : pytorch;
      for (const char* tail : {"strategies", "strategies.deepspeed"})
        if (module == from + tail) return to + tail;
    }
  }
  return {};
}

std::optional<Fix> fixImport(const FileContext& ctx, const TrainerStrategyNameInvalidMatch& match) {
  std::string_view source = ctx.file.text();
  Node strategy = match.strategy;
  Node callee = field(strategy, "function");
  if (!is(callee, "identifier") || textOf(callee, source) != kClass) return std::nullopt;
  // The one import of the name: `from lightning.fabric.strategies import
  // DeepSpeedStrategy`, importing nothing else.
  Node import{};
  for (Node s : namedChildren(ctx.tree.root())) {
    if (!is(s, "import_from_statement")) continue;
    std::vector<Node> names = namedChildren(s);
    bool binds = false;
    for (size_t i = 1; i < names.size(); ++i)
      binds =
          binds || textOf(names[i], source) == kClass ||
          (is(names[i], "aliased_import") && textOf(field(names[i], "alias"), source) == kClass);
    if (!binds) continue;
    if (!isNull(import) || names.size() != 2 || !is(names[1], "dotted_name")) return std::nullopt;
    import = s;
  }
  if (isNull(import)) return std::nullopt;
  Node module = field(import, "module_name");
  std::string to = otherSide(std::string(textOf(module, source)));
  if (to.empty()) return std::nullopt;

  // Every other use of the name is a strategy given to the wrong side (a
  // Fabric's class to a Trainer, or the other way), so the import can change
  // for all of them.
  LightningSide side = lightningSideOf(std::string(textOf(module, source)) + ".");
  std::vector<Node> wrong;
  if (side == LightningSide::Fabric)
    for (const TrainerInstance& t : ctx.model.trainers()) wrong.push_back(t.strategy.evidence);
  if (side == LightningSide::Trainer)
    for (const FabricInstance& f : ctx.model.fabrics()) wrong.push_back(f.strategy.evidence);
  bool allWrong = true;
  walk(ctx.tree.root(), [&](Node n) {
    if (!allWrong || sameNode(n, import)) return false;
    if (!is(n, "identifier") || textOf(n, source) != kClass) return true;
    Node call = parentOf(n);
    bool isCallee = is(call, "call") && sameNode(field(call, "function"), n);
    bool counted = false;
    for (Node e : wrong) counted = counted || sameNode(e, call);
    Node args = field(call, "arguments");
    allWrong = isCallee && counted && isNull(keywordArgument(args, "precision", source)) &&
               isNull(keywordArgument(args, "precision_plugin", source)) && !hasSplat(args);
    return true;
  });
  if (!allWrong) return std::nullopt;
  Fix fix;
  if (!addEdit(fix.edits, replaceNode(ctx.file, module, to))) return std::nullopt;
  fix.message = fmt::format("Import `DeepSpeedStrategy` from `{}`", to);
  return fix;
}

}  // namespace

std::optional<Fix> fixTrainerStrategyNameInvalid(const FileContext& ctx, const Finding& finding) {
  const auto* match = finding.payloadAs<TrainerStrategyNameInvalidMatch>();
  if (!match) return std::nullopt;
  if (!isNull(match->name)) return fixName(ctx, *match);
  return fixImport(ctx, *match);
}

}  // namespace lightfix
