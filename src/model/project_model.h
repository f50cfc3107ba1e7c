#pragma once
// What lightfix knows across the files checked together: the Trainers and
// their strategies, so a LightningModule in model.py is judged by the
// Trainer in train.py.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/diagnostic.h"
#include "model/file_model.h"
#include "model/project_index.h"
#include "model/strategy.h"

namespace lightfix {

StrategySource sourceOf(const Strategy& strategy, const SourceFile& file);
// "DeepSpeed (selected at line 8)", "DeepSpeed (maybe; selected at train.py:8)"…
std::string describe(const StrategySource& source, const std::string& fromPath);
// The line `describe` cites, as a finding's related place; none for the
// target strategy or a notebook's cell.
std::optional<RelatedPlace> relatedPlace(const StrategySource& source);

class ProjectModel {
 public:
  explicit ProjectModel(ModelOptions options = {}) : options_(options) {}

  const ModelOptions& options() const { return options_; }
  const ProjectIndex& index() const { return index_; }

  // Links the files checked together: imports between them, calls across
  // them, Fabric subclasses and LightningModule bases from other files, and
  // the project's Trainers. The files must outlive the project. `forEach`
  // may run a pass's files side by side: each task writes only its own
  // file's model, and reads others' only where an earlier pass wrote them.
  void link(const std::vector<FileModel*>& files, const ForEach& forEach = inOrder);

  // What the project's other files say: launcher scripts (`*.sh`) passing a
  // strategy flag, Lightning CLI / Hydra YAML configs choosing a Trainer's
  // strategy, DeepSpeed JSON configs a strategy names. Read before link().
  void addConfigFile(const std::string& path, const std::string& text);

  // The strategy the LightningModule `className` of `path` runs with: the
  // strongest among the Trainers that fit it and the LightningCLI configs
  // that build it and set a strategy, else among the file's own Trainers,
  // else among the project's (a Trainer seen only validating, testing or
  // predicting counts for none, nor does a config that builds a module it
  // names); nothing when no Trainer is seen (unless `--target-strategy
  // deepspeed`) or when the module is seen only validated, tested or
  // predicted.
  // `method` is the module's method being judged: the Trainers that fit a
  // subclass of the project inheriting it run it too. For
  // `configure_optimizers`, a LightningCLI config with a top-level
  // `optimizer:` replaces that method, so such a config's Trainer is left
  // out, and a module only such configs build runs none.
  std::optional<StrategySource> trainerStrategyFor(const std::string& path,
                                                   const std::string& className,
                                                   std::string_view method) const;

  // Whether any linked file sets up a model on a Fabric that may run
  // DeepSpeed: without one, no set-up result reaches another file's code.
  bool hasDeepSpeedSetup() const { return deepSpeedSetup_; }

 private:
  void addTrainers(const FileModel& file);
  // `place` is the file that builds the Trainer (a YAML config's own path
  // for one a config describes); its strategy may be chosen elsewhere.
  void addTrainer(StrategySource source, const TrainerInstance& runs, const std::string& place);

  ModelOptions options_;
  ProjectIndex index_;
  struct ProjectTrainer {
    StrategySource source;
    std::string place;                 // the file building it
    std::vector<std::string> folders;  // of `place`, normalised: compared for nearness
    Node construction{};               // its call in `place`; null for a YAML config's
    std::vector<std::pair<std::string, std::string>> fits;
    std::vector<std::pair<std::string, std::string>> evaluates;
    bool fitCalled = false;
    bool evaluationCalled = false;
    // A YAML config's Trainer section that nothing of the project reads: no
    // LightningCLI or Hydra runs it, and each Trainer of the code has a
    // strategy of its own, so it is no Trainer at all (notes, another tool's).
    bool unread = false;
    bool evaluatesOnly() const { return evaluationCalled && !fitCalled; }
  };
  // Joins the runs a file makes of other files' Trainers to them, found by
  // the call that built each (its node's id).
  void addForeignRuns(
      const FileModel& file,
      const std::unordered_map<const void*, std::vector<ProjectTrainer*>>& byConstruction);
  std::vector<ProjectTrainer> trainers_;
  // LightningModule classes, as (file, class name).
  using ClassList = std::vector<std::pair<std::string, std::string>>;
  // A LightningCLI config that builds one module (`model: {class_path:
  // ...}`) and sets its Trainer's strategy: that module's strategy when no
  // Trainer of the code fits it. `file` and `name` once linked.
  struct ConfiguredModule {
    StrategySource source;
    std::string config;
    std::string classPath;
    std::string file;
    std::string name;
    bool replacesOptimizers = false;  // a LightningCLI `optimizer:` beside it
    bool buildsOneOf(const ClassList& classes) const;
  };
  std::vector<ConfiguredModule> configured_;
  // A class a config names: as the model it builds (`model: {target:
  // ...}`), or inside a model's arguments (latent-diffusion's frozen
  // `first_stage_config`), a part of it. `file` and `name` once linked.
  struct ConfigClass {
    std::string config;
    std::string classPath;
    std::string file;
    std::string name;
  };
  std::vector<ConfigClass> configModels_;
  std::vector<ConfigClass> configParts_;
  // Whether configs name the class only as a part of models, never as one
  // they build: the Trainers of the project do not fit it by default.
  bool onlyAPart(const ClassList& classes) const;
  std::vector<std::string> yamlConfigs_;
  // A class handed to LightningCLI (or a subclass of it) in the code, with
  // the folders of the file doing it.
  struct CliModel {
    std::pair<std::string, std::string> cls;
    std::vector<std::string> folders;
  };
  std::vector<CliModel> cliModels_;
  void addCliModels(const std::vector<FileModel*>& files);
  // A Hydra config whose `model` group names the project's LightningModules
  // trains those, under the Trainer it composes.
  void addGroupModules();
  std::optional<StrategySource> configuredStrategy(const ClassList& classes,
                                                   bool ownOptimizers) const;
  // Whether configs build one of the classes and each replaces its optimizers.
  bool optimizersAlwaysReplaced(const ClassList& classes) const;
  // LightningCLI(auto_configure_optimizers=False) somewhere: no config
  // replaces a module's optimizers.
  bool cliKeepsOptimizers_ = false;
  // Whether the config at `config` builds a module of the project it names.
  bool buildsNamedModule(const std::string& config) const;
  // The classes that run `method` of the module `className` of `path`: it,
  // and its subclasses of the project that inherit the method.
  ClassList classesRunning(const std::string& path, const std::string& className,
                           std::string_view method) const;
  struct Subclass {
    std::pair<std::string, std::string> cls;  // (file, class name)
    std::vector<std::string> methods;         // those its body defines
  };
  // The project's LightningModule subclasses of each, by (file, class name).
  std::map<std::pair<std::string, std::string>, std::vector<Subclass>> subclasses_;
  bool deepSpeedSetup_ = false;
  // Marks the YAML configs' Trainers that nothing reads (ProjectTrainer::unread).
  void markUnreadConfigTrainers(const std::vector<FileModel*>& files);
};

}  // namespace lightfix
