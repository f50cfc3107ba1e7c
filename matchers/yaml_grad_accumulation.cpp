// LF013 in a Lightning CLI or Hydra YAML config: the Trainer section's
// `strategy:` is a `DeepSpeedStrategy` object whose `config:` names a JSON
// file of the project holding `"gradient_accumulation_steps"`, which
// Lightning's `_format_config` refuses. Reported at the `config:` value,
// without a fix, as the Python side reports a JSON file.

#include <fmt/format.h>

#include <string>
#include <vector>

#include "matchers/yaml_findings.h"
#include "model/deepspeed_config.h"
#include "model/project_index.h"
#include "rules/finding.h"

namespace lightfix {

std::vector<Finding> matchYamlGradAccumulation(const ConfigContext& ctx) {
  std::optional<StrategySource> deepSpeed = yamlDeepSpeed(ctx);
  if (!deepSpeed || !ctx.readers.index) return {};
  std::vector<Finding> out;
  for (const YamlScalar& v : yamlDeepSpeedConfigPaths(ctx.path, ctx.text)) {
    // Relative to the config's folder or one above it (the script's).
    const DeepSpeedJson* file = ctx.readers.index->deepSpeedConfig(ctx.path, v.value);
    if (!file || v.length == 0) continue;
    ConfigKey key = jsonConfigKey(*file, {"gradient_accumulation_steps"});
    if (key.kind != ConfigKey::Present) continue;
    out.push_back(yamlFinding(
        ctx, v, *deepSpeed,
        fmt::format("`gradient_accumulation_steps` in a Trainer's DeepSpeed config ({}:{})",
                    file->path, key.line),
        ctx.rule.quoted()));
  }
  return out;
}

}  // namespace lightfix
