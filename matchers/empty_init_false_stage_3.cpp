// LF016 empty-init-false-stage-3: `init_module(empty_init=False)` on a
// Fabric or Trainer whose DeepSpeed strategy is ZeRO stage 3.

#include "matchers/empty_init_false_stage_3.h"
#include "core/source_file.h"
#include "matchers/deepspeed_targets.h"
#include "model/file_model.h"
#include "python/node.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kEmptyInitFalseStage3{
    "LF016",
    "empty-init-false-stage-3",
    "`init_module(empty_init=False)` under DeepSpeed ZeRO stage 3",
    "`empty_init=False` is not a valid choice with `DeepSpeedStrategy` when ZeRO stage 3 is "
    "enabled.",
    {"empty_init"}};

void matchEmptyInitFalseStage3(const FileContext& ctx, std::vector<Finding>& out) {
  std::string_view source = ctx.file.text();
  for (const DeepSpeedMethodCall& call : deepSpeedMethodCalls(ctx, "init_module")) {
    // Only a stage the strategy states: a bare "deepspeed" is stage 2.
    if (statedZeroStage(call.strategy(), ctx.model) != 3) continue;
    Node value = keywordArgument(call.arguments, "empty_init", source);
    if (!is(value, "false")) continue;
    Finding f = methodCallFinding(ctx, call.call, call,
                                  "`init_module(empty_init=False)` under ZeRO stage 3");
    f.payload = EmptyInitFalseStage3Match{parentOf(value)};
    out.push_back(std::move(f));
  }
}

}  // namespace lightfix
