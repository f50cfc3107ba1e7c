// LF017 save-filter-deepspeed: `fabric.save(path, state, filter=...)` on a
// Fabric whose strategy is DeepSpeed.

#include "matchers/save_filter_deepspeed.h"
#include "core/source_file.h"
#include "matchers/deepspeed_targets.h"
#include "model/file_model.h"
#include "python/node.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kSaveFilterDeepspeed{
    "LF017",
    "save-filter-deepspeed",
    "`fabric.save(..., filter=...)` under DeepSpeed",
    "`DeepSpeedStrategy.save_checkpoint(..., filter=...)` is not supported because "
    "`DeepSpeedStrategy` manages the state serialization internally.",
    {"save"},
    "`DeepSpeedStrategy.save_checkpoint(..., filter=...)` is not supported",
    R"(`DeepSpeedStrategy\.save_checkpoint\(\.\.\., filter=\.\.\.\)` is not supported)"};

// Whether a filter may be `None` when the call runs: `None` itself, a
// conditional with a `None` branch, or a parameter (a wrapper's
// `filter=None` default) or a value lightfix cannot trace.
static bool mayBeNone(const FileContext& ctx, Node value) {
  if (is(value, "identifier")) {
    Origin o = ctx.model.bindings().trace(value, ctx.model.bindings().scopeOf(value));
    if (o.kind != Origin::Expression || o.index >= 0) return true;
    value = o.expr;
  }
  if (is(value, "none")) return true;
  if (is(value, "conditional_expression"))
    for (Node branch : conditionalBranches(value))
      if (is(branch, "none")) return true;
  return is(value, "attribute") || is(value, "subscript");
}

void matchSaveFilterDeepspeed(const FileContext& ctx, std::vector<Finding>& out) {
  std::string_view source = ctx.file.text();
  for (const DeepSpeedMethodCall& call : deepSpeedMethodCalls(ctx, "save")) {
    if (!call.fabric) continue;  // `Trainer.save_checkpoint` has no filter
    // `save(path, state, filter=None)` and `save(path, state, filters)`.
    Node filter = keywordArgument(call.arguments, "filter", source);
    Node argument = isNull(filter) ? Node{} : parentOf(filter);
    std::vector<Node> positional = positionalArguments(call.arguments);
    if (isNull(filter) && positional.size() == 3) argument = filter = positional[2];
    if (isNull(filter) || mayBeNone(ctx, filter)) continue;
    Finding f =
        methodCallFinding(ctx, call.call, call, "`fabric.save(..., filter=...)` under DeepSpeed");
    f.payload = SaveFilterDeepspeedMatch{argument};
    out.push_back(std::move(f));
  }
}

}  // namespace lightfix
