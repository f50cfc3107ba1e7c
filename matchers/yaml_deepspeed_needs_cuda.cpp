// LF018 in a Lightning CLI or Hydra YAML config: `trainer: {accelerator:
// cpu}` (or a `CPUAccelerator` object) where the same Trainer's `strategy:`
// names DeepSpeed, whose `setup_environment` refuses any accelerator but
// CUDA's. Reported only, as in Python: the fix is the machine's.

#include <string>
#include <vector>

#include "matchers/yaml_findings.h"
#include "rules/finding.h"

namespace lightfix {

std::vector<Finding> matchYamlDeepspeedNeedsCuda(const ConfigContext& ctx) {
  std::optional<StrategySource> deepSpeed = yamlDeepSpeed(ctx);
  if (!deepSpeed) return {};
  // The connector takes the registry's names as written: `CPU` is no name.
  std::vector<YamlScalar> cpu;
  for (const YamlScalar& v : yamlTrainerValues(ctx.path, ctx.text, "accelerator"))
    if (v.value == "cpu") cpu.push_back(v);
  for (const YamlScalar& v : yamlTrainerObjects(ctx.path, ctx.text, "accelerator"))
    if (lightningClassOf(v.value) == "CPUAccelerator") cpu.push_back(v);
  std::vector<Finding> out;
  for (const YamlScalar& v : cpu)
    if (v.length > 0)
      out.push_back(
          yamlFinding(ctx, v, *deepSpeed, "DeepSpeed on the CPU accelerator", ctx.rule.quoted()));
  return out;
}

}  // namespace lightfix
