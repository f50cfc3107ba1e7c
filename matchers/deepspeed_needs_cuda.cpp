// LF018 deepspeed-needs-cuda: `accelerator="cpu"` on a Fabric or a Trainer
// whose strategy is DeepSpeed.

#include <fmt/format.h>

#include "core/source_file.h"
#include "matchers/deepspeed_targets.h"
#include "matchers/fabric_calls.h"
#include "model/file_model.h"
#include "python/node.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kDeepspeedNeedsCuda{
    "LF018",
    "deepspeed-needs-cuda",
    "`accelerator=\"cpu\"` with the DeepSpeed strategy",
    "The DeepSpeed strategy is only supported on CUDA GPUs but `CPUAccelerator` is used.",
    {"accelerator"},
    {},
    R"(The DeepSpeed strategy is only supported on CUDA GPUs but `[A-Za-z_]+` is used\.)"};

void matchDeepspeedNeedsCuda(const FileContext& ctx, std::vector<Finding>& out) {
  const char* problem = "DeepSpeed on the CPU accelerator";
  for (const FabricInstance& fabric : ctx.model.fabrics()) {
    if (!fabric.strategy.deepSpeed()) continue;
    Node argument = cpuAcceleratorArgument(fabric.construction, ctx.model);
    if (!isNull(argument)) out.push_back(fabricFinding(ctx, argument, fabric, problem));
  }
  for (const TrainerInstance& trainer : ctx.model.trainers()) {
    if (!trainer.strategy.deepSpeed()) continue;
    Node argument = cpuAcceleratorArgument(trainer.construction, ctx.model);
    if (!isNull(argument)) out.push_back(trainerFinding(ctx, argument, trainer, problem));
  }
}

}  // namespace lightfix
