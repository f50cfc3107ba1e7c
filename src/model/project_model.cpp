#include "model/project_model.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "core/source_file.h"
#include "model/config_files.h"
#include "python/node.h"
#include "semantics/folders.h"

namespace lightfix {

StrategySource sourceOf(const Strategy& strategy, const SourceFile& file) {
  if (strategy.externalLine > 0)
    return {strategy.kind, strategy.externalPath, strategy.externalLine, strategy.why};
  const SourceFile& where = strategy.evidenceFile ? *strategy.evidenceFile : file;
  StrategySource s{strategy.kind, where.path(), 0, strategy.why};
  if (!isNull(strategy.evidence)) {
    Position at = where.position(startOf(strategy.evidence));
    s.line = at.row;
    s.cell = at.cell;
  }
  return s;
}

std::string describe(const StrategySource& source, const std::string& fromPath) {
  if (source.line == 0) return "DeepSpeed (the target strategy)";
  std::string where;
  if (source.path != fromPath) {
    where = source.cell ? fmt::format("{}:cell {}:{}", source.path, source.cell, source.line)
                        : fmt::format("{}:{}", source.path, source.line);
  } else if (source.cell) {
    where = fmt::format("cell {}, line {}", source.cell, source.line);
  } else {
    where = fmt::format("line {}", source.line);
  }
  if (source.kind == Strategy::MaybeDeepSpeed)
    return source.why.empty()
               ? fmt::format("DeepSpeed (possibly selected at {})", where)
               : fmt::format("DeepSpeed (possibly selected at {}: {})", where, source.why);
  return fmt::format("DeepSpeed (selected at {})", where);
}

std::optional<RelatedPlace> relatedPlace(const StrategySource& source) {
  if (source.line == 0 || source.cell != 0) return std::nullopt;
  std::string message =
      source.kind == Strategy::MaybeDeepSpeed
          ? (source.why.empty() ? "DeepSpeed possibly selected here"
                                : "DeepSpeed possibly selected here: " + source.why)
          : "DeepSpeed selected here";
  return RelatedPlace{source.path, source.line, std::move(message)};
}

// A strategy's name as a YAML scalar gives it: not empty, `null`, or an
// interpolation (`${oc.env:STRATEGY}`) that another file or the shell fills.
static bool namesAStrategy(std::string_view value) {
  return !value.empty() && value != "null" && value != "~" && value != "None" &&
         value.find("${") == std::string_view::npos;
}

void ProjectModel::addConfigFile(const std::string& path, const std::string& text) {
  std::string ext = std::filesystem::path(path).extension().string();
  if (isLauncherPath(path)) {
    index_.addLauncher(path, text);
  } else if (ext == ".json") {
    index_.addJsonConfig(path, text);
  } else if (ext == ".yaml" || ext == ".yml") {
    std::vector<StrategySource> named = yamlTrainerStrategies(path, text);
    yamlConfigs_.push_back(path);
    YamlModelChoice model = yamlModelChoice(text);
    index_.addYamlConfig(path, text, named.empty() ? 0 : named.front().line, model.setsStrategy);
    if (!model.classPath.empty() && (model.setsStrategy || !named.empty()))
      configured_.push_back({named.empty() ? StrategySource{} : named.front(),
                             path,
                             model.classPath,
                             {},
                             {},
                             model.setsOptimizer});
    if (!model.classPath.empty()) configModels_.push_back({path, model.classPath, {}, {}});
    for (std::string& part : model.partClassPaths)
      configParts_.push_back({path, std::move(part), {}, {}});
    for (StrategySource& s : named) addTrainer(std::move(s), TrainerInstance{}, path);
    // A Trainer section naming another strategy (`strategy: ddp`) is a
    // Trainer too: the module LightningCLI builds with it runs no DeepSpeed,
    // whatever another script of the project runs. In a migration it runs
    // the target, as a Trainer of the code does.
    if (named.empty())
      for (const YamlScalar& s : yamlTrainerValues(path, text, "strategy"))
        if (namesAStrategy(s.value))
          addTrainer(options_.targetDeepSpeed
                         ? StrategySource{Strategy::DeepSpeed, path, 0, {}}
                         : StrategySource{Strategy::NotDeepSpeed, path, s.line, {}},
                     TrainerInstance{}, path);
  }
}

// `LightningCLI(..., auto_configure_optimizers=False)`: configs then leave
// the modules' `configure_optimizers` alone.
static bool keepsOptimizers(std::string_view text) {
  constexpr std::string_view kKeyword = "auto_configure_optimizers";
  for (size_t at = text.find(kKeyword); at != std::string_view::npos;
       at = text.find(kKeyword, at + 1)) {
    size_t i = text.find_first_not_of(" \t", at + kKeyword.size());
    if (i == std::string_view::npos || text[i] != '=') continue;
    i = text.find_first_not_of(" \t", i + 1);
    if (i != std::string_view::npos && text.compare(i, 5, "False") == 0) return true;
  }
  return false;
}

void ProjectModel::link(const std::vector<FileModel*>& files, const ForEach& forEach) {
  for (FileModel* f : files) index_.add(f);
  for (FileModel* f : files) f->resolveStarImports(index_);
  // Names a project module passes on from outside (`from .imports import
  // pl`), found for every file before any file's imports change.
  std::vector<Imports::Retargets> passedOn;
  passedOn.reserve(files.size());
  for (const FileModel* f : files)
    passedOn.push_back(f->imports().retargets(
        [&](const std::string& q) { return index_.reexported(f->file().path(), q); }));
  for (size_t k = 0; k < files.size(); ++k) files[k]->retargetImports(passedOn[k]);
  index_.resolveConfigs();
  index_.linkCalls(forEach);
  FileModel::link(files, index_, forEach);
  for (FileModel* f : files) addTrainers(*f);
  // The project's Trainers by the call that built them, for the runs that
  // other files' helpers give them.
  std::unordered_map<const void*, std::vector<ProjectTrainer*>> byConstruction;
  for (ProjectTrainer& t : trainers_) byConstruction[identity(t.construction)].push_back(&t);
  for (FileModel* f : files) addForeignRuns(*f, byConstruction);
  markUnreadConfigTrainers(files);
  for (const FileModel* f : files)
    for (const LightningModuleClass& c : f->lightningModules())
      for (const auto& base : c.projectBases)
        subclasses_[base].push_back({{f->file().path(), c.name}, c.methods});
  addCliModels(files);
  for (FileModel* f : files) {
    deepSpeedSetup_ = deepSpeedSetup_ || f->hasDeepSpeedSetup();
    cliKeepsOptimizers_ = cliKeepsOptimizers_ || keepsOptimizers(f->file().text());
  }
  addGroupModules();
  for (std::vector<ConfigClass>* classes : {&configModels_, &configParts_})
    for (ConfigClass& c : *classes)
      if (auto symbol = index_.symbol(c.config, c.classPath)) {
        c.file = symbol->file->file().path();
        c.name = symbol->name;
      }
  for (ConfiguredModule& c : configured_) {
    if (!c.file.empty()) continue;  // a `model` group's, resolved when added
    if (auto symbol = index_.symbol(c.config, c.classPath)) {
      c.file = symbol->file->file().path();
      c.name = symbol->name;
      continue;
    }
    // `class_path: SemanticSegmentationTask`: LightningCLI takes a bare name
    // for the subclass of that name it knows, one LightningModule here.
    if (c.classPath.find('.') != std::string::npos) continue;
    const FileModel* only = nullptr;
    size_t count = 0;
    for (const FileModel* f : files)
      if (f->lightningModule(c.classPath)) {
        only = f;
        ++count;
      }
    if (count != 1) continue;
    c.file = only->file().path();
    c.name = c.classPath;
  }
}

void ProjectModel::addCliModels(const std::vector<FileModel*>& files) {
  // LightningCLI and the project's subclasses of it, by name.
  std::vector<std::pair<std::string, std::string>> bases;
  for (const FileModel* f : files)
    for (auto& classBase : f->classBaseNames()) bases.push_back(std::move(classBase));
  std::vector<std::string> cli = subclassNames({"LightningCLI"}, bases);
  for (const FileModel* f : files) {
    TrainerInstance launched;  // what a launcher's `--trainer.strategy` runs
    for (const FileModel::CliRun& run : f->cliRuns())
      if (std::find(cli.begin(), cli.end(), run.callee) != cli.end()) {
        cliModels_.push_back({{run.path, run.className}, foldersOf(f->file().path())});
        launched.fits.emplace_back(run.path, run.className);
      }
    // `python -m pkg.train fit --trainer.strategy=deepspeed_stage_2`.
    const LauncherFlag* flag = launched.fits.empty()
                                   ? nullptr
                                   : index_.launcherPassing("--trainer.strategy", f->file().path());
    if (!flag) continue;
    launched.fitCalled = true;
    StrategySource source{Strategy::MaybeDeepSpeed, flag->path, flag->line,
                          "a launcher script passes it"};
    addTrainer(std::move(source), launched, flag->path);
  }
}

void ProjectModel::addGroupModules() {
  const HydraConfigs& hydra = index_.hydraConfigs();
  for (const std::string& config : yamlConfigs_) {
    std::vector<std::string> targets = hydra.groupTargets(config, "model");
    // Only a config whose Trainer's strategy is set: one without may run a
    // Trainer the code builds, of another strategy.
    std::optional<StrategySource> strategy = hydra.composedTrainer(config);
    if (targets.empty() || !strategy) continue;
    // A launcher's `trainer.strategy=deepspeed_stage_2` overrides it.
    if (strategy->kind == Strategy::NotDeepSpeed)
      if (const LauncherFlag* flag = index_.launcherPassing(std::string(kHydraTrainerStrategy), {}))
        strategy = StrategySource{Strategy::MaybeDeepSpeed, flag->path, flag->line,
                                  "a launcher script passes it"};
    std::vector<ConfiguredModule> modules;
    for (const std::string& target : targets) {
      std::optional<ProjectIndex::Symbol> symbol = index_.symbol(config, target);
      // Each option a LightningModule of the project: a group of plain
      // networks leaves the LightningModule to the code.
      if (!symbol || !symbol->file->lightningModule(symbol->name)) {
        modules.clear();
        break;
      }
      modules.push_back({*strategy, config, target, symbol->file->file().path(), symbol->name});
    }
    configured_.insert(configured_.end(), modules.begin(), modules.end());
  }
}

void ProjectModel::markUnreadConfigTrainers(const std::vector<FileModel*>& files) {
  // A base config's strategy that each config extending it overrides.
  for (ProjectTrainer& t : trainers_)
    if (isNull(t.construction) &&
        !index_.hydraConfigs().chosenInSomeComposition(t.source.path, t.source.line))
      t.unread = true;
  bool readers = false;  // LightningCLI or Hydra builds Trainers from configs
  for (const FileModel* f : files) {
    readers = readers || f->imports().qualifyName("LightningCLI").has_value();
    for (const std::string& module : f->imports().importedModules())
      readers = readers || module == "hydra" || module.rfind("hydra.", 0) == 0;
  }
  // A Trainer of the code whose strategy lightfix cannot read in full may
  // take it from a config.
  bool codeTrainers = false, allResolved = true;
  for (const ProjectTrainer& t : trainers_) {
    if (isNull(t.construction)) continue;
    codeTrainers = true;
    allResolved = allResolved && t.source.kind != Strategy::MaybeDeepSpeed;
  }
  if (readers || !codeTrainers || !allResolved) return;
  for (ProjectTrainer& t : trainers_)
    if (isNull(t.construction)) t.unread = true;
}

bool ProjectModel::ConfiguredModule::buildsOneOf(const ClassList& classes) const {
  return std::find(classes.begin(), classes.end(), std::make_pair(file, name)) != classes.end();
}

// A DeepSpeed config building the module, else (each sets another
// strategy) none; nothing when no config builds it.
std::optional<StrategySource> ProjectModel::configuredStrategy(const ClassList& classes,
                                                               bool ownOptimizers) const {
  std::optional<StrategySource> out;
  for (const ConfiguredModule& c : configured_) {
    if (!c.buildsOneOf(classes)) continue;
    if (ownOptimizers && c.replacesOptimizers && !cliKeepsOptimizers_) continue;
    // A config whose Trainer section nothing reads (notes) trains nothing.
    bool unread = std::any_of(trainers_.begin(), trainers_.end(), [&](const ProjectTrainer& t) {
      return t.unread && t.place == c.config;
    });
    if (unread) continue;
    if (!out || c.source.kind > out->kind) out = c.source;
  }
  return out;
}

bool ProjectModel::onlyAPart(const ClassList& classes) const {
  auto names = [&](const std::vector<ConfigClass>& named) {
    return std::any_of(named.begin(), named.end(), [&](const ConfigClass& c) {
      return !c.file.empty() && std::find(classes.begin(), classes.end(),
                                          std::make_pair(c.file, c.name)) != classes.end();
    });
  };
  return names(configParts_) && !names(configModels_);
}

bool ProjectModel::buildsNamedModule(const std::string& config) const {
  return std::any_of(configured_.begin(), configured_.end(), [&](const ConfiguredModule& c) {
    return c.config == config && !c.file.empty();
  });
}

void ProjectModel::addTrainers(const FileModel& file) {
  for (const TrainerInstance& t : file.trainers())
    addTrainer(sourceOf(t.strategy, file.file()), t, file.file().path());
}

void ProjectModel::addTrainer(StrategySource source, const TrainerInstance& runs,
                              const std::string& place) {
  std::vector<std::string> folders = foldersOf(place);
  trainers_.push_back({std::move(source), place, std::move(folders), runs.construction, runs.fits,
                       runs.evaluates, runs.fitCalled, runs.evaluationCalled});
}

void ProjectModel::addForeignRuns(
    const FileModel& file,
    const std::unordered_map<const void*, std::vector<ProjectTrainer*>>& byConstruction) {
  for (const ForeignTrainerRun& run : file.foreignTrainerRuns()) {
    auto it = byConstruction.find(identity(run.construction));
    if (it == byConstruction.end()) continue;
    for (ProjectTrainer* t : it->second) {
      if (t->place != run.file->file().path()) continue;
      (run.fit ? t->fitCalled : t->evaluationCalled) = true;
      auto& classes = run.fit ? t->fits : t->evaluates;
      classes.insert(classes.end(), run.classes.begin(), run.classes.end());
    }
  }
}

bool ProjectModel::optimizersAlwaysReplaced(const ClassList& classes) const {
  if (cliKeepsOptimizers_) return false;
  bool built = false;
  for (const ConfiguredModule& c : configured_) {
    if (!c.buildsOneOf(classes)) continue;
    if (!c.replacesOptimizers) return false;
    built = true;
  }
  return built;
}

ProjectModel::ClassList ProjectModel::classesRunning(const std::string& path,
                                                     const std::string& className,
                                                     std::string_view method) const {
  ClassList out{{path, className}};
  for (size_t i = 0; i < out.size(); ++i) {
    auto it = subclasses_.find(out[i]);
    if (it == subclasses_.end()) continue;
    for (const Subclass& sub : it->second)
      if (std::find(sub.methods.begin(), sub.methods.end(), method) == sub.methods.end() &&
          std::find(out.begin(), out.end(), sub.cls) == out.end())
        out.push_back(sub.cls);
  }
  return out;
}

std::optional<StrategySource> ProjectModel::trainerStrategyFor(const std::string& path,
                                                               const std::string& className,
                                                               std::string_view method) const {
  bool ownOptimizers = method == "configure_optimizers";
  ClassList running = classesRunning(path, className, method);
  auto strongest = [&](auto&& counts) -> std::optional<StrategySource> {
    std::optional<StrategySource> best;
    bool any = false;
    for (const ProjectTrainer& t : trainers_) {
      if (!counts(t)) continue;
      any = true;
      if (t.source.kind != Strategy::NotDeepSpeed && (!best || t.source.kind > best->kind))
        best = t.source;
    }
    if (!any) return std::nullopt;
    return best ? best : StrategySource{};
  };
  // A Trainer lightfix only guesses trains the module (no Trainer is seen
  // fitting it): DeepSpeed is certain only when every one guessed chooses it.
  auto guessed = [&](auto&& counts) -> std::optional<StrategySource> {
    std::optional<StrategySource> best = strongest(counts);
    if (!best || best->kind != Strategy::DeepSpeed) return best;
    for (const ProjectTrainer& t : trainers_)
      if (counts(t) && t.source.kind == Strategy::NotDeepSpeed) {
        best->kind = Strategy::MaybeDeepSpeed;
        best->why = "a Trainer of the project that may train it; another does not choose DeepSpeed";
        break;
      }
    return best;
  };
  auto names = [&](const std::vector<std::pair<std::string, std::string>>& classes) {
    return std::any_of(running.begin(), running.end(), [&](const auto& cls) {
      return std::find(classes.begin(), classes.end(), cls) != classes.end();
    });
  };
  // A YAML config's Trainer that LightningCLI reads trains the class it is
  // handed (`LightningCLI(Net)`), unless the config names its own module:
  // the configs nearest the file running the CLI, as a repository of
  // several sub-projects keeps each one's configs in its folder.
  auto readByCli = [&](const ProjectTrainer& t) {
    return isNull(t.construction) && !t.unread && !t.evaluatesOnly() && !buildsNamedModule(t.place);
  };
  std::vector<std::pair<const CliModel*, size_t>> clis;  // each with its nearest configs' nearness
  for (const CliModel& cli : cliModels_) {
    if (std::find(running.begin(), running.end(), cli.cls) == running.end()) continue;
    size_t nearest = 0;
    for (const ProjectTrainer& t : trainers_)
      if (readByCli(t)) nearest = std::max(nearest, sharedFolders(t.folders, cli.folders));
    clis.emplace_back(&cli, nearest);
  }
  std::optional<StrategySource> chosen = strongest([&](const ProjectTrainer& t) {
    if (names(t.fits)) return true;
    return readByCli(t) && std::any_of(clis.begin(), clis.end(), [&](const auto& cli) {
             return sharedFolders(t.folders, cli.first->folders) == cli.second;
           });
  });
  // In a migration every Trainer runs DeepSpeed but one pinned to the CPU:
  // a module that only such Trainers fit is left alone.
  bool fitByItsTrainers = chosen.has_value();
  // Every config building it replaces its optimizers, and no Trainer of the
  // code fits it: its own `configure_optimizers` never runs.
  if (ownOptimizers && !fitByItsTrainers && optimizersAlwaysReplaced(running)) return std::nullopt;
  // A config building it trains it too (`fit --config`), whatever else the
  // code does with it.
  if (std::optional<StrategySource> configured = configuredStrategy(running, ownOptimizers))
    if (!chosen || configured->kind > chosen->kind) chosen = configured;
  // Only `fit` trains: a module seen only validated, tested or predicted
  // never runs its `training_step` or optimizers.
  if (!chosen && std::any_of(trainers_.begin(), trainers_.end(),
                             [&](const ProjectTrainer& t) { return names(t.evaluates); }))
    return std::nullopt;
  // A part of a model a config builds (a frozen autoencoder) is trained
  // only by a Trainer that fits it.
  if (!chosen && onlyAPart({{path, className}})) return std::nullopt;
  // A config naming the module it builds trains no other.
  auto general = [&](const ProjectTrainer& t) {
    return !t.evaluatesOnly() && !t.unread && !buildsNamedModule(t.place);
  };
  if (!chosen)
    chosen = guessed([&](const ProjectTrainer& t) { return general(t) && t.place == path; });
  // Else the project's, nearest first: a repository of several sub-projects
  // (RWKV-v5/, RWKV-v6/) configures each in its own folder.
  if (!chosen) {
    std::vector<std::string> folders = foldersOf(path);
    size_t nearest = 0;
    for (const ProjectTrainer& t : trainers_)
      if (general(t)) nearest = std::max(nearest, sharedFolders(t.folders, folders));
    chosen = guessed([&](const ProjectTrainer& t) {
      return general(t) && sharedFolders(t.folders, folders) == nearest;
    });
  }
  if (chosen && chosen->kind != Strategy::NotDeepSpeed) return chosen;
  if (options_.targetDeepSpeed && !fitByItsTrainers)
    return StrategySource{Strategy::DeepSpeed, path, 0, {}};
  return std::nullopt;
}

}  // namespace lightfix
