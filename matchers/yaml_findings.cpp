#include "matchers/yaml_findings.h"

#include <fmt/format.h>

#include <vector>

#include "matchers/deepspeed_targets.h"

namespace lightfix {

std::optional<YamlScalar> yamlDeepSpeed(const ConfigContext& ctx) {
  std::vector<YamlScalar> deepSpeed = yamlTrainerStrategyValues(ctx.path, ctx.text);
  if (deepSpeed.empty()) return std::nullopt;
  return deepSpeed.front();
}

Finding yamlFinding(const YamlScalar& at, const YamlScalar& deepSpeed, const std::string& problem,
                    std::string_view quote) {
  Finding f;
  f.start = at.offset;
  f.end = at.offset + at.length;
  f.message = fmt::format("{}; DeepSpeed (selected at line {}) raises \"{}\"", problem,
                          deepSpeed.line, quote);
  return f;
}

std::string lightningClassOf(const std::string& classPath) {
  size_t dot = classPath.rfind('.');
  if (dot == std::string::npos) return classPath;
  if (lightningSideOf(classPath) != LightningSide::Trainer) return {};
  return classPath.substr(dot + 1);
}

}  // namespace lightfix
