// LF020 in a Lightning CLI or Hydra YAML config: `trainer: {callbacks: [...]}`
// building a callback that refuses DeepSpeed (`BackboneFinetuning`,
// `StochasticWeightAveraging`, `GradientAccumulationScheduler`) where the
// same Trainer's `strategy:` names DeepSpeed; or in a Hydra config's
// top-level `callbacks:`, which the run hands that Trainer. A project's own
// finetuning subclass needs its code read, which a config's check does not do.

#include <fmt/format.h>

#include <string>
#include <vector>

#include "matchers/yaml_findings.h"
#include "rules/finding.h"

namespace lightfix {

std::vector<Finding> matchYamlCallbackUnsupported(const ConfigContext& ctx) {
  std::optional<StrategySource> deepSpeed = yamlDeepSpeed(ctx);
  if (!deepSpeed) return {};
  std::vector<Finding> out;
  std::vector<YamlScalar> callbacks = yamlTrainerObjects(ctx.path, ctx.text, "callbacks");
  for (YamlScalar& v : yamlHydraCallbacks(ctx.path, ctx.text)) callbacks.push_back(std::move(v));
  for (const YamlScalar& v : callbacks) {
    std::string name = lightningClassOf(v.value);
    // The class whose check raises, which names the quote.
    std::string refusing = name == "BackboneFinetuning" ? "BaseFinetuning" : name;
    if ((refusing != "BaseFinetuning" && refusing != "StochasticWeightAveraging" &&
         refusing != "GradientAccumulationScheduler") ||
        v.length == 0)
      continue;
    out.push_back(yamlFinding(ctx, v, *deepSpeed,
                              fmt::format("`{}` callback under DeepSpeed", name),
                              ctx.rule.quoted(refusing)));
  }
  return out;
}

}  // namespace lightfix
