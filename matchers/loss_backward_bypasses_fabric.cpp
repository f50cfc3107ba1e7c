// LF006 loss-backward-bypasses-fabric: `loss.backward()` on a loss computed
// by a model set up on a Fabric that runs DeepSpeed. The set-up model hooks
// its outputs, and the hook raises unless the backward goes through
// `fabric.backward(loss)`.

#include <fmt/format.h>

#include "core/source_file.h"
#include "matchers/data_flow.h"
#include "matchers/fabric_calls.h"
#include "matchers/loss_backward_bypasses_fabric.h"
#include "model/file_model.h"
#include "python/node.h"
#include "python/syntax_tree.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kLossBackwardBypassesFabric{
    "LF006",
    "loss-backward-bypasses-fabric",
    "`loss.backward()` on a set-up model's output under DeepSpeed, not `fabric.backward(loss)`",
    "The current strategy and precision selection requires you to call `fabric.backward(loss)` "
    "instead of `loss.backward()`.",
    {"backward"},
    "The current strategy and precision selection requires you to call `fabric.backward(loss)`",
    R"(The current strategy and precision selection requires you to call `fabric\.backward\(loss\)` instead of `loss\.backward\(\)`)"};

namespace {

// Outputs that do not require gradients never get the hook: a scope that
// freezes parameters, or turns gradients off by a call, is not judged (a
// `with torch.no_grad():` block is judged per model call, below).
bool mayTurnOffGradients(std::string_view scopeText) {
  for (std::string_view word : {"requires_grad", "set_grad_enabled"})
    if (scopeText.find(word) != std::string_view::npos) return true;
  return false;
}

}  // namespace

void matchLossBackwardBypassesFabric(const FileContext& ctx, std::vector<Finding>& out) {
  if (!deepSpeedSetupsReach(ctx)) return;
  std::string_view source = ctx.file.text();
  // `loss.backward(...)`, judged: from the tree's list of calls, not a query.
  auto judge = [&](Node call, Node loss, Node arguments) {
    Node scope = ctx.model.bindings().scopeOf(call);
    // `fabric.backward(loss)`, or some other object's backward taking the loss.
    if (!ctx.model.fabricsOf(loss, scope).empty()) return;
    if (!positionalArguments(arguments).empty()) return;
    if (mayTurnOffGradients(textOf(scope, source))) return;
    for (Node model : modelsFeeding(ctx, loss, scope, startOf(call))) {
      const SetupCall* setup = ctx.model.setupOfModel(model, scope);
      if (!setup || !setup->fabric->strategy.deepSpeed()) continue;
      // `teacher(x).detach()`, or a call under `no_grad()`: no gradient
      // reaches the hooked output.
      Node output = parentOf(model);
      if (runsWithoutGradients(output, source)) continue;
      if (is(parentOf(output), "attribute") &&
          textOf(field(parentOf(output), "attribute"), source) == "detach")
        continue;
      Finding f = fabricFinding(
          ctx, call, *setup->fabric,
          fmt::format("`{}.backward()` on the output of `{}`, set up on a Fabric: use "
                      "`fabric.backward()`",
                      textOf(loss, source), textOf(model, source)));
      f.payload = LossBackwardBypassesFabricMatch{call, loss, arguments, model};
      out.push_back(std::move(f));
      return;
    }
  };
  walkCalls(ctx.tree.root(), [&](Node n) {
    MethodCall mc;
    if (asMethodCall(n, source, mc) && mc.method == "backward" && is(mc.arguments, "argument_list"))
      judge(n, mc.receiver, mc.arguments);
  });
}

}  // namespace lightfix
