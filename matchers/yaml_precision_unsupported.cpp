// LF019 in a Lightning CLI or Hydra YAML config: `trainer: {precision: 64}`
// (or a Transformer Engine precision) where the same Trainer's `strategy:`
// names DeepSpeed, whose precision plugin refuses it. Reported only, as in
// Python: which precision to train in is the user's choice.

#include <fmt/format.h>

#include <string>
#include <vector>

#include "matchers/yaml_findings.h"
#include "rules/finding.h"

namespace lightfix {

std::vector<Finding> matchYamlPrecisionUnsupported(const ConfigContext& ctx) {
  std::optional<StrategySource> deepSpeed = yamlDeepSpeed(ctx);
  if (!deepSpeed) return {};
  // A precision plugin of the config's own is what runs instead.
  if (!yamlTrainerValues(ctx.path, ctx.text, "plugins").empty() ||
      !yamlTrainerObjects(ctx.path, ctx.text, "plugins").empty())
    return {};
  std::vector<Finding> out;
  for (const YamlScalar& v : yamlTrainerValues(ctx.path, ctx.text, "precision")) {
    // The connector reads `64` and "64" as "64-true".
    std::string precision = v.value == "64" ? "64-true" : v.value;
    if (precision != "64-true" && precision != "transformer-engine" &&
        precision != "transformer-engine-float16")
      continue;
    if (v.length == 0) continue;
    std::string problem = fmt::format("`precision: {}` under DeepSpeed, which supports only {}",
                                      v.value, ctx.rule.quoted("supported"));
    out.push_back(yamlFinding(ctx, v, *deepSpeed, problem,
                              fmt::format(fmt::runtime(ctx.rule.quoted("Trainer")), precision)));
  }
  return out;
}

}  // namespace lightfix
