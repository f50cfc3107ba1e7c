// LF012 clip-by-value-deepspeed: `Trainer(gradient_clip_algorithm="value")`
// on a Trainer whose strategy is DeepSpeed.

#include "matchers/clip_by_value_deepspeed.h"
#include "core/source_file.h"
#include "matchers/deepspeed_targets.h"
#include "model/dict_values.h"
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
    // Written in the call or carried by its `**kwargs` dict, built in this file.
    KeyValues kv = keywordValues(t.construction, "gradient_clip_algorithm", ctx.model);
    for (const KeyValue& v : kv.values) {
      // Lightning lower-cases the name before comparing.
      if (v.model != &ctx.model || !literalIs(v.node, source, "value")) continue;
      TSNode entry = parentOf(v.node);  // `gradient_clip_algorithm="value"`, or a dict's pair
      std::string written = is(entry, "pair") ? std::string(textOf(entry, source))
                                              : "gradient_clip_algorithm=\"value\"";
      Finding f = trainerFinding(ctx, entry, t, "`" + written + "` under DeepSpeed");
      f.payload = ClipByValueDeepspeedMatch{v.node};
      out.push_back(std::move(f));
    }
  }
}

}  // namespace lightfix
