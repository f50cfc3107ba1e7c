#pragma once
// Which Trainer and strategy configs Hydra composes: the project's
// `trainer/*.yaml` and `strategy/*.yaml` groups, and the defaults lists
// that pick one of each, so that `hydra.utils.instantiate(cfg.trainer)` and
// `strategy=hydra.utils.instantiate(cfg.strategy)` have the strategy a run
// gets.

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/config_files.h"
#include "model/strategy.h"

namespace lightfix {

enum class HydraGroup { Trainer, Strategy };

class HydraConfigs {
 public:
  // Every YAML config of the project, with the line of the first DeepSpeed
  // strategy it gives a Trainer (0 for none) and whether it sets one at all.
  void add(const std::string& path, const std::string& text, unsigned deepSpeedLine,
           bool setsTrainerStrategy = false);
  // Run once every config is added. The Trainer is DeepSpeed when every
  // trainer config a default composition picks names it (after the configs
  // it inherits from); possibly DeepSpeed when any config does, as a command
  // line (`trainer=deepspeed`) may pick it.
  void resolve();
  // Null when no config of the project gives a Trainer DeepSpeed.
  const StrategySource* trainer() const { return trainer_ ? &*trainer_ : nullptr; }
  // Whether the project has configs of the group (`trainer/*.yaml`).
  bool hasGroup(HydraGroup group) const;
  // The strategy the `strategy/` group gives, the same way (its configs'
  // `_target_`s); not DeepSpeed when none names DeepSpeedStrategy. Null
  // when the project has no such group.
  const StrategySource* strategyGroup() const {
    return strategyGroup_ ? &*strategyGroup_ : nullptr;
  }
  // For a config of a `trainer/` group: the package (`lightning.pytorch`,
  // `pytorch_lightning`) whose Trainer the group's `_target_`s name, when
  // they agree; else empty. A group config that extends another names none
  // itself: what Hydra builds from it is told by its siblings.
  std::string groupTrainerPackage(const std::string& path) const;

  // Whether the config at `path` extends another through its defaults list
  // (`defaults: [base, _self_]`), picks a `trainer/` config (`- trainer:
  // deepspeed`) or is extended by one: its Trainer section is then one part
  // of what Hydra composes.
  bool composes(const std::string& path) const;
  // The strategy the Trainer section of `path` runs under, over each
  // composition holding it (itself, unless only other configs extend it,
  // and each config extending it): DeepSpeed where each composition's
  // strategy is, possibly DeepSpeed where one's is, else null.
  std::optional<StrategySource> composedTrainerAround(const std::string& path) const;
  // The strategy Hydra composes for the Trainer of the config at `path`
  // from the configs it extends and its own keys, in its defaults list's
  // order: where the last one setting it sets it; null when none does.
  std::optional<StrategySource> composedTrainer(const std::string& path) const {
    return composedAt(normalPath(path), 0);
  }
  // The classes the config at `path` may build from the group `group`
  // (`model`): the top-level `_target_` of each config of `group/` beside
  // it, when its defaults list picks from that group (`- model: ???`, a
  // name the command line may change). Empty when it picks none, or when a
  // config of the group names no class of its own.
  std::vector<std::string> groupTargets(const std::string& path, const std::string& group) const;
  // Whether some composition holding the config at `path` gets its Trainer's
  // strategy from `line` of it (not overridden by a config extending it).
  bool chosenInSomeComposition(const std::string& path, unsigned line) const;

 private:
  // What a config gives the Trainer it builds: a `trainer:` section's
  // strategy (a `trainer/` group config's top level).
  struct TrainerSection {
    std::string path;  // as given
    unsigned deepSpeedLine = 0;
    bool setsStrategy = false;
  };
  static std::string normalPath(const std::string& path);
  std::optional<StrategySource> composedAt(const std::string& path, int depth) const;
  std::optional<StrategySource> ownTrainer(const std::string& path) const;
  // The `trainer/` config a defaults entry of the config at `path` picks
  // (`- trainer: deepspeed`, `- override /trainer: deepspeed`), or none.
  std::optional<std::string> pickedTrainer(const std::string& path, const HydraDefault& d) const;
  // The config a defaults entry without a group names: `base` beside
  // `from`, `/experiment/base` from the config root (the nearest folder
  // above that holds it).
  std::optional<std::string> extended(const std::string& from, const std::string& name) const;
  // The paths such an entry may name, in the order Hydra looks for them.
  static std::vector<std::string> candidatesOf(const std::string& from, const std::string& name);
  // The configs whose defaults list extends `path`.
  std::vector<std::string> extenders(const std::string& path) const;
  void compositionsHolding(const std::string& path, int depth, std::vector<std::string>& out) const;
  struct Choice {
    std::string path;  // the trainer config picked
    bool override = false;
  };
  const HydraConfigFile* file(const std::string& path) const;
  // `folder/name.yaml` (or `.yml`) when the project has it.
  std::optional<std::string> groupFile(const std::string& folder, const std::string& name) const;
  StrategySource effective(const std::string& path, HydraGroup group, int depth) const;
  void compose(const std::string& path, const std::string& root, HydraGroup group, int depth,
               std::set<std::string>& seen, std::vector<Choice>& choices) const;
  std::vector<std::string> defaultPicks(HydraGroup group) const;
  std::vector<std::string> pickedAnywhere(HydraGroup group) const;
  std::optional<StrategySource> resolveGroup(HydraGroup group) const;

  std::map<std::string, HydraConfigFile> files_;           // by normal path
  std::map<std::string, TrainerSection> trainerSections_;  // by normal path
  // Each path a defaults entry without a group may name, with the config
  // and the entry: so that finding who extends a config is a lookup.
  std::multimap<std::string, std::pair<std::string, std::string>> mayExtend_;
  std::vector<StrategySource> named_;  // configs naming DeepSpeed, in order
  std::optional<StrategySource> trainer_;
  std::optional<StrategySource> strategyGroup_;
};

}  // namespace lightfix
