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
  // strategy it gives a Trainer (0 for none).
  void add(const std::string& path, const std::string& text, unsigned deepSpeedLine);
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

 private:
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

  std::map<std::string, HydraConfigFile> files_;  // by normal path
  std::vector<StrategySource> named_;             // configs naming DeepSpeed, in order
  std::optional<StrategySource> trainer_;
  std::optional<StrategySource> strategyGroup_;
};

}  // namespace lightfix
