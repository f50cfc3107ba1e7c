// LF018 deepspeed-needs-cuda: `accelerator="cpu"` on a Fabric or a Trainer
// whose strategy is DeepSpeed.

#include <fmt/format.h>

#include "matchers/deepspeed_targets.h"
#include "matchers/fabric_calls.h"
#include "model/file_model.h"
#include "python/node.h"
#include "python/source_file.h"

namespace lightfix {

static const char* kLightningSays =
    "The DeepSpeed strategy is only supported on CUDA GPUs but `CPUAccelerator` is used.";

// `accelerator="cpu"` or `accelerator=CPUAccelerator()`. Other
// names fail earlier or elsewhere: "mps" with a DeepSpeed name is rejected by
// the connector on a Mac, "tpu" needs a TPU machine first.
static TSNode cpuAccelerator(const FileContext& ctx, TSNode construction) {
  std::string_view source = ctx.file.text();
  TSNode value = keywordArgument(field(construction, "arguments"), "accelerator", source);
  if (isNull(value)) return TSNode{};
  // Lightning compares accelerator names as written: "CPU" is no name at all.
  std::string name;
  if (stringLiteral(value, source, name)) return name == "cpu" ? parentOf(value) : TSNode{};
  if (is(value, "call"))
    if (auto q = ctx.model.imports().qualify(field(value, "function"), source);
        q && q->size() >= 14 && q->compare(q->size() - 14, 14, "CPUAccelerator") == 0 &&
        (q->rfind("lightning", 0) == 0 || q->rfind("pytorch_lightning", 0) == 0))
      return parentOf(value);
  return TSNode{};
}

void matchDeepspeedNeedsCuda(const FileContext& ctx, std::vector<Finding>& out) {
  const char* problem = "DeepSpeed on the CPU accelerator";
  for (const FabricInstance& fabric : ctx.model.fabrics()) {
    if (!fabric.strategy.deepSpeed()) continue;
    TSNode argument = cpuAccelerator(ctx, fabric.construction);
    if (!isNull(argument))
      out.push_back(fabricFinding(ctx, "LF018", argument, fabric, problem, kLightningSays));
  }
  for (const TrainerInstance& trainer : ctx.model.trainers()) {
    if (!trainer.strategy.deepSpeed()) continue;
    TSNode argument = cpuAccelerator(ctx, trainer.construction);
    if (!isNull(argument))
      out.push_back(trainerFinding(ctx, "LF018", argument, trainer, problem, kLightningSays));
  }
}

}  // namespace lightfix
