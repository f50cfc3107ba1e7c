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
  std::vector<Finding> out;
  for (const YamlScalar& v : yamlCpuAccelerators(ctx))
    if (v.length > 0)
      out.push_back(
          yamlFinding(ctx, v, *deepSpeed, "DeepSpeed on the CPU accelerator", ctx.rule.quoted()));
  return out;
}

}  // namespace lightfix
