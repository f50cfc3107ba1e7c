#pragma once
// The modules of a project: which file an import names (`from .base import
// Base`, `from models.utils import fit`, `import pkg.train as train`), and
// the calls between functions of different files.

#include "python/node.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "model/deepspeed_config.h"
#include "model/hydra_configs.h"
#include "semantics/bindings.h"
#include "semantics/module_table.h"

namespace lightfix {

class FileModel;

// Runs task(0) … task(count - 1), each once, in any order or side by side,
// and returns when all are done.
using ForEach = std::function<void(size_t count, const std::function<void(size_t)>& task)>;
// One after the other, on the calling thread.
void inOrder(size_t count, const std::function<void(size_t)>& task);

// A call in one file of a function defined in another.
struct ForeignCall {
  const FileModel* model;  // the calling file
  CallSite site;           // its callee points into the called file
};

// A shell script of the project passing a flag: `--strategy deepspeed_stage_3`.
struct LauncherFlag {
  std::string flag;   // "--strategy"
  std::string value;  // "deepspeed_stage_3"
  std::string path;
  unsigned line = 0;
};

// The Hydra override a launcher gives a composed Trainer's strategy with.
inline constexpr std::string_view kHydraTrainerStrategy = "trainer.strategy";

class ProjectIndex {
 public:
  // Reads the `--flag value` / `--flag=value` pairs of a launcher script,
  // its Hydra `trainer.strategy=` overrides, and the Python scripts it runs (`train.py`, `-m
  // pkg.train`).
  void addLauncher(const std::string& path, const std::string& text);
  // The first launcher passing a DeepSpeed strategy name to `flag` that may
  // run the script at `scriptPath`: one naming its file name, when it is the
  // nearest file of that name (nearestNamed), or naming none (any launcher
  // when `scriptPath` is empty); or null.
  const LauncherFlag* launcherPassing(const std::string& flag, const std::string& scriptPath) const;
  // The flag by which the launcher at `path` passes a DeepSpeed strategy
  // name (`--strategy deepspeed_stage_2`, `trainer.strategy=...`), or null.
  const LauncherFlag* launcherSelectingDeepSpeed(const std::string& path) const;
  // Every launcher flag `flag` (`--precision 64`, any value) given to the
  // script at `scriptPath`, as launcherPassing() finds them, in order.
  std::vector<const LauncherFlag*> launcherFlags(const std::string& flag,
                                                 const std::string& scriptPath) const;
  // A YAML config of the project, with the line of the first DeepSpeed
  // strategy it gives a Trainer (`trainer: {strategy: deepspeed_stage_2}`;
  // 0 for none).
  // `trainerStrategy`: whether its `trainer:` sets a strategy at all.
  void addYamlConfig(const std::string& path, const std::string& text, unsigned deepSpeedLine,
                     bool trainerStrategy = false);
  // What a Hydra primary config (`@hydra.main(config_path=..., config_name=...)`)
  // at `path` gives its inline `trainer:` section for a strategy: DeepSpeed
  // with its line, another strategy, or null when it sets none. Without
  // such a file (`--config-name` picks one), what the configs of its folder
  // give, when each sets one: possibly DeepSpeed when one of them does.
  std::optional<StrategySource> yamlTrainerStrategy(const std::string& path) const;
  // Settles what the configs added so far choose; run before the files link.
  void resolveConfigs() { hydra_.resolve(); }
  // The DeepSpeed that `hydra.utils.instantiate(cfg.trainer)` runs, or null.
  const StrategySource* hydraTrainer() const { return hydra_.trainer(); }
  // Whether the project has Hydra `trainer/` configs (a group Hydra composes).
  bool hasHydraTrainerGroup() const { return hydra_.hasGroup(HydraGroup::Trainer); }
  // What `hydra.utils.instantiate(cfg.strategy)` builds, or null when the
  // project has no `strategy/` group.
  const StrategySource* hydraStrategyGroup() const { return hydra_.strategyGroup(); }
  std::string hydraGroupTrainerPackage(const std::string& path) const {
    return hydra_.groupTrainerPackage(path);
  }
  // The Hydra compositions YAML configs take part in (`defaults: [base,
  // _self_]`), for the strategy a config's Trainer section runs under.
  const HydraConfigs& hydraConfigs() const { return hydra_; }

  // The text of the project's YAML file a script opens by `named` (as
  // deepSpeedConfig finds one), or null; with its path in `path`.
  const std::string* yamlText(const std::string& fromPath, const std::string& named,
                              std::string* path = nullptr) const;

  // Keeps a JSON file of the project that is a DeepSpeed config.
  void addJsonConfig(const std::string& path, const std::string& text);
  // The DeepSpeed config a `config="..."` path names, seen from the file
  // `fromPath`: relative to its folder or to one above it (the folder a
  // script is run from), or null when the project has no such file.
  const DeepSpeedJson* deepSpeedConfig(const std::string& fromPath, const std::string& named) const;

  void add(const FileModel* model);
  const std::vector<const FileModel*>& files() const { return files_; }

  // The project file a module name stands for, seen from `fromPath`
  // (relative names start with '.'), or null.
  const FileModel* module(const std::string& fromPath, std::string_view name) const;

  struct Symbol {
    const FileModel* file;
    std::string name;  // inside that file
  };
  // An imported qualified name split into the project file that defines it
  // and the name it has there.
  std::optional<Symbol> symbol(const std::string& fromPath, std::string_view qualified) const;
  // The name from outside the project that an imported name of a project
  // module stands for, where that module only passes it on
  // (`from .imports import pl` of `import lightning.pytorch as pl`, or of
  // `LightningModule = pl.LightningModule`), else nothing.
  std::optional<std::string> reexported(const std::string& fromPath,
                                        std::string_view qualified) const;

  // Records every call of another file's module-level function (direct, or
  // through `fabric.launch(fn)`) made in the files added so far, in file
  // order whatever order `forEach` runs them in.
  void linkCalls(const ForEach& forEach = inOrder);

  // How callers name a function of a file: `fit`, or `Loop.__init__`.
  static std::string keyOf(const FileModel& file, const FunctionInfo& fn);

  // The calls into `function` (named as keyOf does) of the file at `path`,
  // from other files.
  std::vector<const ForeignCall*> callersInto(const std::string& path,
                                              const std::string& function) const;
  // The other file's function a call runs, or {null, null}.
  std::pair<const FileModel*, const FunctionInfo*> callee(const FileModel& from, Node call) const;

 private:
  // Whether a launcher naming the script `scriptPath` by its file name runs
  // that file: of the project's files of that name, one in the folders
  // nearest the launcher's (`python main.py` in `projA/scripts/run.sh` runs
  // `projA/main.py`, not `projB/main.py`).
  bool nearestNamed(const std::string& launcher, const std::string& scriptPath) const;
  std::pair<const FileModel*, const FunctionInfo*> functionNamed(const std::string& fromPath,
                                                                 std::string_view qualified) const;
  std::vector<const FileModel*> files_;
  ModuleTable modules_;  // files_' paths, in the same order
  std::vector<LauncherFlag> launcherFlags_;
  // The file names of the Python scripts each launcher names, by its path.
  std::map<std::string, std::vector<std::string>> launcherScripts_;
  HydraConfigs hydra_;
  std::vector<DeepSpeedJson> deepSpeedConfigs_;
  // Each YAML config's trainer strategy, if it sets one; by normalised path.
  std::map<std::string, std::optional<StrategySource>> yamlTrainers_;
  // Every YAML config's path and text, by normalised path: a script may
  // load one itself (`yaml.safe_load(open("conf.yml"))`).
  std::map<std::string, std::pair<std::string, std::string>> yamlTexts_;
  std::map<std::pair<std::string, std::string>, std::vector<ForeignCall>> callers_;
};

}  // namespace lightfix
