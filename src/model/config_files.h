#pragma once
// Strategies chosen outside Python: Lightning CLI and Hydra YAML configs
// (`trainer: {strategy: deepspeed_stage_2}`, or a `class_path` naming
// DeepSpeedStrategy).

#include <cstdint>
#include <string>
#include <vector>

#include "model/strategy.h"

namespace lightfix {

// The DeepSpeed strategies a YAML config gives its Trainer, each with the
// line that names it. A file under a `trainer/` directory is a Hydra group
// whose top level is the Trainer's.
std::vector<StrategySource> yamlTrainerStrategies(const std::string& path, const std::string& text);

// A file that launches the project's scripts with flags: a shell script
// (`*.sh`, `*.bash`) or a Makefile (`Makefile`, `Makefile.gpu`, `*.mk`),
// whose recipes are command lines too.
bool isLauncherPath(const std::string& path);

// A scalar of a config and where it is.
struct YamlScalar {
  std::string value;  // `deepspeed_stage_2`, or a `class_path`
  unsigned line = 0;
  uint32_t offset = 0;
  uint32_t length = 0;
};
// The same, each with the scalar that names it.
std::vector<YamlScalar> yamlTrainerStrategyValues(const std::string& path, const std::string& text);

// Whether a YAML config describes a Trainer: a `trainer:` mapping, or the
// top level of a `trainer/` group file.
bool yamlHasTrainerSection(const std::string& path, const std::string& text);

// The scalars a YAML config gives its Trainer's `key` (`gradient_clip_algorithm`),
// each with where it is (the same Trainer mappings as the strategy's).
std::vector<YamlScalar> yamlTrainerValues(const std::string& path, const std::string& text,
                                          const std::string& key);

// The `config:` paths a Trainer section gives its `DeepSpeedStrategy`
// object (Hydra's `{_target_: ..., config: ds.json}`, LightningCLI's
// `{class_path: ..., init_args: {config: ds.json}}`).
std::vector<YamlScalar> yamlDeepSpeedConfigPaths(const std::string& path, const std::string& text);

// The classes of the objects a YAML config gives its Trainer's `key`
// (`callbacks: [{class_path: ...}]`, or Hydra's `_target_`), one object, a
// list of them or a mapping of them by name (latent-diffusion's `{swa:
// {target: ...}}`): each the scalar naming the class.
std::vector<YamlScalar> yamlTrainerObjects(const std::string& path, const std::string& text,
                                           const std::string& key);
// The classes of a Hydra config's top-level `callbacks:` objects (`callbacks:
// {swa: {_target_: ...}}`), which a run instantiates one by one and hands
// its Trainer (`instantiate(cfg.trainer, callbacks=callbacks)`, the
// lightning-hydra-template layout): each the scalar naming the class.
std::vector<YamlScalar> yamlHydraCallbacks(const std::string& path, const std::string& text);

// What a YAML file holds at a key path (`training`, `strategy`) of its first
// document, as `yaml.safe_load` or `OmegaConf.load` read it.
struct YamlEntry {
  enum Kind {
    Absent,  // a key of the path is not there
    Scalar,  // `scalar` holds it
    Other,   // a mapping or a list, or a file that does not parse
  } kind = Absent;
  YamlScalar scalar;
};
YamlEntry yamlEntryAt(const std::string& text, const std::vector<std::string>& keys);

// One entry of a Hydra defaults list: `- default` (group empty, this
// config's own group), `- trainer: ddp`, `- override /trainer: gpu`.
struct HydraDefault {
  std::string group;               // without `override ` and `optional `; `/` kept
  std::vector<std::string> names;  // `[base, checkpoint]` gives two
  bool override = false;
};

// What Hydra's composition needs of one YAML config: its defaults list and
// the strategy it sets at its top level (a config of the `trainer` group).
struct HydraConfigFile {
  std::vector<HydraDefault> defaults;
  // Where `_self_` stands in `defaults`: its own keys are merged before the
  // entries from there on; -1 when it is not listed (Hydra 1.1 merges them
  // last).
  int selfAt = -1;
  bool setsStrategy = false;   // `strategy:` at the top level, whatever it names
  unsigned deepSpeedLine = 0;  // the line, when that is a DeepSpeed strategy
  std::string target;          // its top-level `_target_:`, if any
  unsigned targetLine = 0;     // and its line
};
HydraConfigFile readHydraConfig(const std::string& text);
// Whether `path` is a config of a `trainer/` group (Hydra's, or a
// LightningCLI `--trainer` file): its top-level keys are a Trainer's.
bool inTrainerGroup(const std::string& path);
// Whether `path` is a config of a Hydra `strategy/` group: its top level is
// one strategy object (`_target_: lightning.pytorch.strategies.DDPStrategy`).
bool inStrategyGroup(const std::string& path);

// What a LightningCLI config says of the module it trains: the class its
// `model: {class_path: ...}` builds (latent-diffusion's `model: {target:
// ...}`), and whether its `trainer:` (or `lightning: {trainer: ...}`) sets a
// strategy at all.
struct YamlModelChoice {
  std::string classPath;
  bool setsStrategy = false;
  // A top-level `optimizer:` that LightningCLI builds: it replaces the
  // module's `configure_optimizers`.
  bool setsOptimizer = false;
  // The classes named inside the model's own arguments (latent-diffusion's
  // `params: {first_stage_config: {target: ...}}`): parts it builds.
  std::vector<std::string> partClassPaths;
};
YamlModelChoice yamlModelChoice(const std::string& text);

// How a YAML config names the classes it builds: `_target_:` keys (Hydra),
// `class_path:` keys (LightningCLI), and the names they give.
struct YamlObjectNames {
  bool hydra = false;
  bool cli = false;
  std::vector<std::string> classes;
};
YamlObjectNames yamlObjectNames(const std::string& text);

// Whether a text is YAML a config reader accepts: every document parses.
bool yamlParses(const std::string& text);

}  // namespace lightfix
