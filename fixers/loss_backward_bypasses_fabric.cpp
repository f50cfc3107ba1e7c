// LF006 loss-backward-bypasses-fabric: `loss.backward()` becomes
// `fabric.backward(loss)` on the Fabric that set up the model computing the
// loss. Only without arguments: `retain_graph=` and the like mean something
// else to DeepSpeed's engine. LF002 adds `model=` in the next round when
// several models were set up.

#include <fmt/format.h>

#include "core/source_file.h"
#include "edit/insertion.h"
#include "matchers/fabric_names.h"
#include "matchers/loss_backward_bypasses_fabric.h"
#include "model/file_model.h"
#include "python/node.h"
#include "rules/rule.h"

namespace lightfix {

std::optional<Fix> fixLossBackwardBypassesFabric(const FileContext& ctx, const Finding& finding) {
  const auto* match = finding.payloadAs<LossBackwardBypassesFabricMatch>();
  if (!match) return std::nullopt;
  std::string_view source = ctx.file.text();
  if (namedChildCount(match->arguments) != 0) return std::nullopt;
  Node call = match->call;
  Node scope = ctx.model.bindings().scopeOf(call);
  std::optional<SetupResult> result = ctx.model.setupResultOf(match->model, scope);
  if (!result) return std::nullopt;
  const SetupCall* setup = result->setup;
  std::string fabric = fabricNameIn(ctx, *setup, scope);
  if (fabric.empty()) return std::nullopt;
  Node loss = match->loss;
  // `(loss / n).backward()`: the parentheses are the call's now.
  if (is(loss, "parenthesized_expression") && namedChildCount(loss) == 1)
    loss = namedChild(loss, 0);
  std::string replacement = fmt::format("{}.backward({})", fabric, textOf(loss, source));
  Fix fix;
  fix.message = fmt::format("Call `{}`", replacement);
  if (!addEdit(fix.edits, replaceNode(ctx.file, call, replacement))) return std::nullopt;
  return fix;
}

}  // namespace lightfix
