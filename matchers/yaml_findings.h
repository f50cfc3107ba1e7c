#pragma once
// What the rules reading YAML configs share: the DeepSpeed a config's own
// Trainer section selects, and a finding at one of its scalars naming it.

#include <optional>
#include <string>
#include <string_view>

#include "model/config_files.h"
#include "model/loaded_yaml.h"
#include "rules/rule.h"

namespace lightfix {

// The first DeepSpeed strategy the config gives its Trainer, or none: a
// Trainer argument of the file is judged only by the strategy beside it,
// since one chosen elsewhere may not be the one this file's Trainer gets;
// or, where Hydra composes the section with other configs (`defaults:
// [base, _self_]`), by the strategy each composition holding it gets.
std::optional<StrategySource> yamlDeepSpeed(const ConfigContext& ctx);

// "<problem>; DeepSpeed (selected at line N) raises "<quote>"", at `at`: a
// warning where DeepSpeed is only possibly selected.
Finding yamlFinding(const ConfigContext& ctx, const YamlScalar& at, const StrategySource& deepSpeed,
                    const std::string& problem, std::string_view quote);

// The values of a config's Trainer sections that pin it to the CPU:
// `accelerator: cpu` (the connector takes the registry's names as written:
// `CPU` is no name), or an object of Lightning's `CPUAccelerator`.
std::vector<YamlScalar> yamlCpuAccelerators(const ConfigContext& ctx);

// Whether the YAML side reports the value a script read from a YAML file it
// loads (`Trainer(**cfg.trainer)`) itself: a `key` of a Trainer section of
// that file, whose own strategy is DeepSpeed, or any under a migration.
bool reportedInYaml(const LoadedYamlValue& yaml, const std::string& key, bool migration);

// The class a `class_path`/`_target_` names, without its module: `CPUAccelerator`
// when it is Lightning's Trainer-side class or a bare name (jsonargparse then
// resolves it among the subclasses imported), else empty.
std::string lightningClassOf(const std::string& classPath);

}  // namespace lightfix
