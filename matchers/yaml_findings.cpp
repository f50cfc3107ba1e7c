#include "matchers/yaml_findings.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "matchers/deepspeed_targets.h"
#include "model/project_index.h"
#include "model/project_model.h"

namespace lightfix {

namespace {

std::optional<StrategySource> chosenDeepSpeed(const ConfigContext& ctx) {
  if (ctx.readers.index && ctx.readers.index->hydraConfigs().composes(ctx.path))
    return ctx.readers.index->hydraConfigs().composedTrainerAround(ctx.path);
  std::vector<YamlScalar> deepSpeed = yamlTrainerStrategyValues(ctx.path, ctx.text);
  if (deepSpeed.empty()) return std::nullopt;
  return StrategySource{Strategy::DeepSpeed, ctx.path, deepSpeed.front().line, {}};
}

}  // namespace

std::optional<StrategySource> yamlDeepSpeed(const ConfigContext& ctx) {
  std::optional<StrategySource> chosen = chosenDeepSpeed(ctx);
  if ((chosen && chosen->kind == Strategy::DeepSpeed) || !ctx.readers.targetDeepSpeed)
    return chosen;
  // A migration: the section's Trainer runs the target strategy; one pinned
  // to the CPU is a test's or a tool's, not the job migrated.
  if (!yamlHasTrainerSection(ctx.path, ctx.text) ||
      (!ctx.readers.migrateCpuPinned && !yamlCpuAccelerators(ctx).empty()))
    return chosen;
  return StrategySource{Strategy::DeepSpeed, ctx.path, 0, {}};
}

Finding yamlFinding(const ConfigContext& ctx, const YamlScalar& at, const StrategySource& deepSpeed,
                    const std::string& problem, std::string_view quote) {
  Finding f;
  f.start = at.offset;
  f.end = at.offset + at.length;
  f.message = fmt::format("{}; {} raises \"{}\"", problem, describe(deepSpeed, ctx.path), quote);
  f.related = relatedPlace(deepSpeed);
  if (deepSpeed.kind == Strategy::MaybeDeepSpeed) f.severity = Severity::Warning;
  return f;
}

std::vector<YamlScalar> yamlCpuAccelerators(const ConfigContext& ctx) {
  std::vector<YamlScalar> cpu;
  for (const YamlScalar& v : yamlTrainerValues(ctx.path, ctx.text, "accelerator"))
    if (v.value == "cpu") cpu.push_back(v);
  for (const YamlScalar& v : yamlTrainerObjects(ctx.path, ctx.text, "accelerator"))
    if (lightningClassOf(v.value) == "CPUAccelerator") cpu.push_back(v);
  return cpu;
}

bool reportedInYaml(const LoadedYamlValue& yaml, const std::string& key, bool migration) {
  if (yamlTrainerStrategyValues(yaml.path, *yaml.text).empty() &&
      !(migration && yamlHasTrainerSection(yaml.path, *yaml.text)))
    return false;
  std::vector<YamlScalar> values = yamlTrainerValues(yaml.path, *yaml.text, key);
  return std::any_of(values.begin(), values.end(),
                     [&](const YamlScalar& v) { return v.offset == yaml.entry.scalar.offset; });
}

std::string lightningClassOf(const std::string& classPath) {
  size_t dot = classPath.rfind('.');
  if (dot == std::string::npos) return classPath;
  if (lightningSideOf(classPath) != LightningSide::Trainer) return {};
  return classPath.substr(dot + 1);
}

}  // namespace lightfix
