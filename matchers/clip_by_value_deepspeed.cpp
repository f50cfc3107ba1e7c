// LF012 clip-by-value-deepspeed: `Trainer(gradient_clip_algorithm="value")`
// on a Trainer whose strategy is DeepSpeed.

#include "matchers/clip_by_value_deepspeed.h"
#include "core/source_file.h"
#include "matchers/deepspeed_targets.h"
#include "model/file_model.h"
#include "python/node.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kClipByValueDeepspeed{"LF012",
                                     "clip-by-value-deepspeed",
                                     "`Trainer(gradient_clip_algorithm=\"value\")` under DeepSpeed",
                                     "DeepSpeed does not support clipping gradients by value.",
                                     {"gradient_clip_algorithm"}};

void matchClipByValueDeepspeed(const FileContext& ctx, std::vector<Finding>& out) {
  std::string_view source = ctx.file.text();
  for (const TrainerInstance& t : ctx.model.trainers()) {
    if (!t.strategy.deepSpeed()) continue;
    TSNode value =
        keywordArgument(field(t.construction, "arguments"), "gradient_clip_algorithm", source);
    // Lightning lower-cases the name before comparing.
    if (!literalIs(value, source, "value")) continue;
    Finding f = trainerFinding(ctx, parentOf(value), t,
                               "`gradient_clip_algorithm=\"value\"` under DeepSpeed");
    f.payload = ClipByValueDeepspeedMatch{value};
    out.push_back(std::move(f));
  }
}

}  // namespace lightfix
