#include "matchers/yaml_findings.h"

#include <fmt/format.h>

#include <vector>

#include "matchers/deepspeed_targets.h"
#include "model/project_index.h"
#include "model/project_model.h"

namespace lightfix {

std::optional<StrategySource> yamlDeepSpeed(const ConfigContext& ctx) {
  if (ctx.readers.index && ctx.readers.index->hydraConfigs().composes(ctx.path))
    return ctx.readers.index->hydraConfigs().composedTrainerAround(ctx.path);
  std::vector<YamlScalar> deepSpeed = yamlTrainerStrategyValues(ctx.path, ctx.text);
  if (deepSpeed.empty()) return std::nullopt;
  return StrategySource{Strategy::DeepSpeed, ctx.path, deepSpeed.front().line, {}};
}

Finding yamlFinding(const ConfigContext& ctx, const YamlScalar& at, const StrategySource& deepSpeed,
                    const std::string& problem, std::string_view quote) {
  Finding f;
  f.start = at.offset;
  f.end = at.offset + at.length;
  f.message = fmt::format("{}; {} raises \"{}\"", problem, describe(deepSpeed, ctx.path), quote);
  if (deepSpeed.kind == Strategy::MaybeDeepSpeed) f.severity = Severity::Warning;
  return f;
}

std::string lightningClassOf(const std::string& classPath) {
  size_t dot = classPath.rfind('.');
  if (dot == std::string::npos) return classPath;
  if (lightningSideOf(classPath) != LightningSide::Trainer) return {};
  return classPath.substr(dot + 1);
}

}  // namespace lightfix
