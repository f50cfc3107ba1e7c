// LF012 clip-by-value-deepspeed: `Trainer(gradient_clip_algorithm="value")`
// on a Trainer whose strategy is DeepSpeed.

#include "core/source_file.h"
#include "matchers/deepspeed_targets.h"
#include "model/file_model.h"
#include "python/node.h"

namespace lightfix {

static const char* kLightningSays = "DeepSpeed does not support clipping gradients by value.";

void matchClipByValueDeepspeed(const FileContext& ctx, std::vector<Finding>& out) {
  std::string_view source = ctx.file.text();
  for (const TrainerInstance& t : ctx.model.trainers()) {
    if (!t.strategy.deepSpeed()) continue;
    TSNode value =
        keywordArgument(field(t.construction, "arguments"), "gradient_clip_algorithm", source);
    // Lightning lower-cases the name before comparing.
    if (!literalIs(value, source, "value")) continue;
    Finding f =
        trainerFinding(ctx, "LF012", parentOf(value), t,
                       "`gradient_clip_algorithm=\"value\"` under DeepSpeed", kLightningSays);
    f.nodes["value"] = value;
    out.push_back(std::move(f));
  }
}

}  // namespace lightfix
