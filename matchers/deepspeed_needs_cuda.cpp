// LF018 deepspeed-needs-cuda: `accelerator="cpu"` on a Fabric or a Trainer
// whose strategy is DeepSpeed.

#include <fmt/format.h>

#include "core/source_file.h"
#include "matchers/deepspeed_targets.h"
#include "matchers/fabric_calls.h"
#include "model/file_model.h"
#include "python/node.h"

namespace lightfix {

static const char* kLightningSays =
    "The DeepSpeed strategy is only supported on CUDA GPUs but `CPUAccelerator` is used.";

void matchDeepspeedNeedsCuda(const FileContext& ctx, std::vector<Finding>& out) {
  const char* problem = "DeepSpeed on the CPU accelerator";
  for (const FabricInstance& fabric : ctx.model.fabrics()) {
    if (!fabric.strategy.deepSpeed()) continue;
    TSNode argument = cpuAcceleratorArgument(fabric.construction, ctx.model);
    if (!isNull(argument))
      out.push_back(fabricFinding(ctx, "LF018", argument, fabric, problem, kLightningSays));
  }
  for (const TrainerInstance& trainer : ctx.model.trainers()) {
    if (!trainer.strategy.deepSpeed()) continue;
    TSNode argument = cpuAcceleratorArgument(trainer.construction, ctx.model);
    if (!isNull(argument))
      out.push_back(trainerFinding(ctx, "LF018", argument, trainer, problem, kLightningSays));
  }
}

}  // namespace lightfix
