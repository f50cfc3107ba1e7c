// LF008 optimizer-steps-wrong-engine: `opt_d.step()` whose nearest backward
// before it, in the same block, was `self.backward(loss, model=g)` with `g`
// another set-up model, in a LightningLite of pytorch_lightning. Through
// Lightning 1.7, under DeepSpeed every set-up optimizer's `step()` stepped
// the engine that backward attached last, so this trains `g` (again) and
// never `d`; nothing is raised. Since 1.8 (lightning_lite, Fabric) each
// optimizer steps its own: a Fabric is never reported.

#include <fmt/format.h>

#include "core/source_file.h"
#include "matchers/fabric_calls.h"
#include "matchers/fabric_method_calls.h"
#include "matchers/optimizer_steps_wrong_engine.h"
#include "model/file_model.h"
#include "model/project_model.h"
#include "model/statement_effects.h"
#include "python/node.h"
#include "python/syntax_tree.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kOptimizerStepsWrongEngine{
    "LF008",
    "optimizer-steps-wrong-engine",
    "`opt.step()` after a `self.backward(model=...)` of another model, in a LightningLite "
    "before 1.8 under DeepSpeed",
    std::nullopt,  // Lightning raises nothing: the wrong engine steps silently
    {"step"}};

namespace {

// The `fabric.backward(...)` call that `statement` is, or null.
Node backwardStatementCall(Node statement, std::string_view source) {
  if (!is(statement, "expression_statement") || namedChildCount(statement) != 1) return Node{};
  Node call = namedChild(statement, 0);
  MethodCall mc;
  return asMethodCall(call, source, mc) && mc.method == "backward" ? call : Node{};
}

// Whether `n` may run a backward: it calls one, or a helper of the file
// that does (or that cannot be followed to the end).
bool mayBackward(Node n, const FileContext& ctx) {
  StatementEffects effects = effectsOf(n, ctx.model, ctx.file.text());
  return effects.backward || effects.unknown;
}

}  // namespace

void matchOptimizerStepsWrongEngine(const FileContext& ctx, std::vector<Finding>& out) {
  if (!deepSpeedSetupsReach(ctx)) return;
  std::string_view source = ctx.file.text();
  // `opt.step()` as a statement of its own, judged.
  auto judge = [&](Node statement, Node call, Node optimizer) {
    Node scope = ctx.model.bindings().scopeOf(call);
    const SetupCall* stepped = ctx.model.setupOfOptimizer(optimizer, scope);
    if (!stepped || stepped->moduleOnly || !stepped->fabric->strategy.deepSpeed() ||
        !stepped->fabric->pytorchLightningLite)
      return;
    // The nearest statement before the step, in its block, that may run a
    // backward must be a `fabric.backward(..., model=...)` of its own.
    Node previous = previousNamedSibling(statement);
    while (!isNull(previous) && !mayBackward(previous, ctx))
      previous = previousNamedSibling(previous);
    if (isNull(previous)) return;
    Node backward = backwardStatementCall(previous, source);
    if (isNull(backward)) return;
    MethodCall mc;
    asMethodCall(backward, source, mc);
    bool sameFabricHere = false;
    for (const FabricInstance* f : ctx.model.fabricsOf(mc.receiver, scope))
      sameFabricHere = sameFabricHere || sameFabric(f, stepped->fabric);
    if (!sameFabricHere) return;
    Node model = keywordArgument(mc.arguments, "model", source);
    if (isNull(model)) return;
    const SetupCall* attached = ctx.model.setupOfModel(model, scope);
    if (!attached || attached == stepped) return;
    Finding f = fabricFinding(ctx, call, *stepped->fabric, "", "");
    std::string_view attachedModel = textOf(model, source);
    f.message = fmt::format(
        "`{}.step()` right after `{}.backward(..., model={})` steps `{}`'s engine, not its own "
        "model's, with pytorch_lightning before 1.8: under {} `_LiteOptimizer.step` silently "
        "steps the engine attached last",
        textOf(optimizer, source), textOf(mc.receiver, source), attachedModel, attachedModel,
        describe(sourceOf(stepped->fabric->strategy, *stepped->fabric->file), ctx.file.path()));
    // Only the Lightning version, which the code does not say, decides.
    f.severity = Severity::Warning;
    f.payload = OptimizerStepsWrongEngineMatch{statement, optimizer};
    out.push_back(std::move(f));
  };
  walk(ctx.tree.root(), [&](Node statement) {
    if (!is(statement, "expression_statement")) return true;
    for (Node call : namedChildren(statement)) {
      MethodCall mc;
      if (asMethodCall(call, source, mc) && mc.method == "step" &&
          is(mc.arguments, "argument_list"))
        judge(statement, call, mc.receiver);
    }
    return true;
  });
}

}  // namespace lightfix
