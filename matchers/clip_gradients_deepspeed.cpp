// LF009 clip-gradients-deepspeed: `fabric.clip_gradients(...)` on a Fabric
// that runs DeepSpeed, whose strategy refuses it: DeepSpeed clips inside its
// optimizer step, by the `gradient_clipping` value of its config.

#include <fmt/format.h>

#include "core/source_file.h"
#include "matchers/clip_gradients_deepspeed.h"
#include "matchers/fabric_calls.h"
#include "matchers/fabric_method_calls.h"
#include "model/file_model.h"
#include "python/node.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kClipGradientsDeepspeed{
    "LF009",
    "clip-gradients-deepspeed",
    "`fabric.clip_gradients()` under DeepSpeed, which clips by its config's `gradient_clipping`",
    "DeepSpeed handles gradient clipping automatically within the optimizer. Make sure to set "
    "the `gradient_clipping` value in your Config.",
    {"clip_gradients"},
    "DeepSpeed handles gradient clipping automatically within the optimizer",
    R"(DeepSpeed handles gradient clipping automatically within the optimizer\. Make sure to set the `gradient_clipping` value in your Config)"};

void matchClipGradientsDeepspeed(const FileContext& ctx, std::vector<Finding>& out) {
  for (const FabricMethodCall& c : fabricMethodCalls(ctx, {"clip_gradients"}, true)) {
    std::string_view source = ctx.file.text();
    // DeepSpeed clips by norm only: a value clip has no exact counterpart.
    bool byValue = !isNull(keywordArgument(c.arguments, "clip_val", source)) ||
                   positionalArguments(c.arguments).size() > 2;
    Finding f = fabricFinding(
        ctx, c.call, *c.fabric,
        fmt::format(byValue ? "`{}.clip_gradients(clip_val=...)`; DeepSpeed clips only by norm, "
                              "by `gradient_clipping` in its config"
                            : "`{}.clip_gradients()`; set `gradient_clipping` in the DeepSpeed "
                              "config",
                    textOf(c.receiver, source)));
    f.payload = ClipGradientsDeepspeedMatch{c.call};
    out.push_back(std::move(f));
  }
}

}  // namespace lightfix
