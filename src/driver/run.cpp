#include "driver/run.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>

#include "core/budgets.h"
#include "core/source_file.h"
#include "cxx/cxx_check.h"
#include "driver/analyze.h"
#include "driver/check_stage.h"
#include "driver/discover.h"
#include "driver/file_outcome.h"
#include "driver/file_slot.h"
#include "driver/lightning_reach.h"
#include "driver/parse_stage.h"
#include "driver/prefilter.h"
#include "driver/project_cache.h"
#include "driver/project_check.h"
#include "driver/project_context.h"
#include "driver/project_roots.h"
#include "driver/read_stage.h"
#include "driver/result_cache.h"
#include "driver/table_store.h"
#include "driver/work_pool.h"
#include "model/config_files.h"
#include "model/project_model.h"
#include "rules/rule.h"
#include "semantics/module_table.h"

namespace fs = std::filesystem;

namespace lightfix {

struct CheckedRun::State {
  RunOptions options;
  std::vector<ProjectCheck> projects;
  std::set<std::string> named;  // files named on the command line
  RunResult result;
};

namespace {

// Splits the run into its projects, in the order their first files come;
// a project of a file named on its own gets the rest of it as context.
void splitIntoProjects(const std::vector<std::string>& paths, const Discovery& discovery,
                       CheckedRun::State& s);

// With `-` named, the file stdin stands for is its text: a folder's walk
// that reaches it does not check it twice.
void dropStdinStandIn(const std::vector<std::string>& paths, const std::string& stdinName,
                      Discovery& discovery);

constexpr size_t kFilesOfASmallProject = 64;
// The most bytes of a project held unscanned while the cache is asked.
constexpr uint64_t kUnscannedBytes = uint64_t{64} << 20;

struct RunShared {
  CheckedRun::State& s;
  const Prefilter& prefilter;
  const ResultCache& cache;
  const TableStore& tables;
  Progress& progress;
  bool keepModels;
  CompileCommands& commands;  // guarded by commandsLock: projects run side by side
  std::mutex& commandsLock;
};

// scan → parse → model → link → check for the files of one project.
void checkProject(RunShared& run, ProjectCheck& project, WorkPool& pool);
void keepOutcomes(ProjectCheck& project);

}  // namespace

CheckedRun::CheckedRun(const std::vector<std::string>& paths, const RunOptions& options,
                       bool keepModels)
    : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.options = options;
  RunResult& result = s.result;
  Discovery discovery = discoverFiles(paths, options.exclude, options.forceExclude);
  dropStdinStandIn(paths, options.stdinFilename, discovery);
  for (std::string& e : discovery.errors) result.errors.push_back({ErrorKind::Io, std::move(e)});
  Progress unseen;
  Progress& progress = options.progress ? *options.progress : unseen;
  progress.total = discovery.files.size();

  WorkPool pool(options.jobs);
  CompileCommands commands(options.cxx);
  if (!commands.error().empty()) result.errors.push_back({ErrorKind::Io, commands.error()});
  s.named = std::move(discovery.named);
  splitIntoProjects(paths, discovery, s);
  result.files = std::move(discovery.files);
  Prefilter prefilter(options.rules, options.prefilter);
  std::mutex commandsLock;
  ResultCache cache(keepModels ? std::string() : options.cacheDir);
  TableStore tables(keepModels ? std::string() : options.cacheDir);
  RunShared run{s, prefilter, cache, tables, progress, keepModels, commands, commandsLock};
  // A large project spreads its files over the threads; small ones (a fleet
  // of repositories) run whole, one per thread at a time.
  std::vector<size_t> small;
  for (size_t p = 0; p < s.projects.size(); ++p) {
    const ProjectCheck& project = s.projects[p];
    if (project.files.size() + project.context.size() > kFilesOfASmallProject) {
      checkProject(run, s.projects[p], pool);
    } else {
      small.push_back(p);
    }
  }
  pool.forEach(small.size(), [&](size_t k) {
    WorkPool here(1);
    checkProject(run, s.projects[small[k]], here);
  });
  if (keepModels)
    for (ProjectCheck& project : s.projects) keepOutcomes(project);
  cache.prune();
  tables.prune(ResultCache::kPruneAfterDays);

  // Every file's outcome, in the run's file order.
  std::vector<std::pair<size_t, FileOutcome*>> outcomes;
  for (ProjectCheck& project : s.projects)
    for (auto& [index, outcome] : project.outcomes) outcomes.emplace_back(index, &outcome);
  std::sort(outcomes.begin(), outcomes.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [index, o] : outcomes) {
    if (!o->readError.empty()) result.errors.push_back({ErrorKind::Io, std::move(o->readError)});
    if (!o->notice.empty()) result.notices.push_back(std::move(o->notice));
  }
  for (auto& [index, o] : outcomes) {
    for (RunError& e : o->errors) result.errors.push_back(std::move(e));
    result.diff += o->diff;
    if (o->report) result.reports.push_back(std::move(*o->report));
  }
  for (ProjectCheck& project : s.projects) {
    std::vector<std::pair<size_t, FileOutcome>>().swap(project.outcomes);
    for (FileReport& r : project.configReports) result.reports.push_back(std::move(r));
    for (RunError& e : project.configOutcome.errors) result.errors.push_back(std::move(e));
    result.diff += project.configOutcome.diff;
  }
}

namespace {

void dropStdinStandIn(const std::vector<std::string>& paths, const std::string& stdinName,
                      Discovery& discovery) {
  if (stdinName.empty() || std::find(paths.begin(), paths.end(), "-") == paths.end()) return;
  std::string standIn = normalisedPath(stdinName);
  std::vector<bool> keep(discovery.files.size(), true);
  for (size_t i = 0; i < keep.size(); ++i) {
    std::string path = discovery.files[i];
    keep[i] = path == "-" || normalisedPath(path) != standIn;
  }
  discovery.files.keepOnly(keep);
}

void splitIntoProjects(const std::vector<std::string>& paths, const Discovery& discovery,
                       CheckedRun::State& s) {
  const RunOptions& options = s.options;
  ReachedFrom reachedFrom(paths);
  ProjectRoots roots;
  std::map<std::string, size_t> projectByRoot;
  std::vector<bool> needsContext;
  auto projectFor = [&](const std::string& path) {
    // stdin is checked as the file it stands for.
    const std::string& where = path == "-" ? options.stdinFilename : path;
    std::string root =
        where.empty() ? std::string() : roots.rootOf(where, reachedFrom.folderOf(where));
    auto [it, added] = projectByRoot.emplace(root, s.projects.size());
    if (added) {
      s.projects.emplace_back().root = root;
      needsContext.push_back(false);
    }
    if (!root.empty() && (path == "-" || s.named.count(path)) &&
        !reachedFrom.underNamedFolder(where))
      needsContext[it->second] = true;
    return it->second;
  };
  for (size_t i = 0; i < discovery.files.size(); ++i)
    s.projects[projectFor(discovery.files[i])].files.push_back(i);
  for (const std::string& path : discovery.configs)
    s.projects[projectFor(path)].configs.push_back(path);
  for (size_t p = 0; p < s.projects.size(); ++p) {
    ProjectCheck& project = s.projects[p];
    project.checkedConfigs = project.configs.size();
    s.result.configsChecked +=
        std::count_if(project.configs.begin(), project.configs.end(), isYamlPath);
    if (!needsContext[p]) continue;
    std::vector<std::string> checked;
    for (size_t i : project.files) checked.push_back(discovery.files[i]);
    addProjectContext(project, checked, options.stdinFilename, options.exclude);
  }
}

// Moves what the project's files gave out of their slots.
void keepOutcomes(ProjectCheck& project) {
  for (size_t k = 0; k < project.files.size() && k < project.slots.size(); ++k) {
    FileOutcome& outcome = project.slots[k].outcome;
    if (outcome.empty()) continue;
    project.outcomes.emplace_back(project.files[k], std::move(outcome));
    outcome = FileOutcome{};
  }
}

// read: each file's slot, its C++ command, its bytes (judged by the
// prefilter now, or with a cache once the cache has been asked).
void readFiles(RunShared& run, ProjectCheck& project, WorkPool& pool) {
  CheckedRun::State& s = run.s;
  project.slots.resize(project.files.size() + project.context.size());
  for (size_t k = 0; k < project.slots.size(); ++k) {
    FileSlot& slot = project.slots[k];
    slot.context = k >= project.files.size();
    slot.path =
        slot.context ? project.context[k - project.files.size()] : s.result.files[project.files[k]];
    slot.cxx = isCxxPath(slot.path);
    if (!slot.cxx) continue;
    std::lock_guard<std::mutex> hold(run.commandsLock);
    slot.command = run.commands.commandFor(slot.path, s.named.count(slot.path) > 0);
  }
  // With a cache, what a hit does not need waits: the prefilter's scan of
  // the texts read, for as many bytes as kUnscannedBytes allows.
  bool cached = run.cache.enabled();
  std::atomic<uint64_t> unscanned{0};
  pool.forEach(project.slots.size(), [&](size_t k) {
    FileSlot& slot = project.slots[k];
    readSlot(slot, s.options, cached, s.result);
    if (!cached || unscanned.fetch_add(slot.text.size()) + slot.text.size() > kUnscannedBytes)
      classifySlot(slot, run.prefilter);
  });
}

// The project's configs' texts; none for one that cannot be read, which
// informs nothing and is no error of the run.
std::vector<std::optional<std::string>> readConfigs(const ProjectCheck& project,
                                                    const RunOptions& options) {
  std::vector<std::optional<std::string>> texts(project.configs.size());
  for (size_t c = 0; c < project.configs.size(); ++c) {
    // A JSON file is read only when it may be a DeepSpeed config, not a dataset.
    std::error_code ec;
    if (std::filesystem::path(project.configs[c]).extension() == ".json" &&
        std::filesystem::file_size(project.configs[c], ec) > kMaxJsonConfigBytes)
      continue;
    std::string text;
    std::string error;
    if (readSource(project.configs[c], options, text, error)) texts[c] = std::move(text);
  }
  return texts;
}

// prefilter → parse → model, for the files that matter and those they import.
void parseFiles(RunShared& run, ProjectCheck& project, WorkPool& pool) {
  const RunOptions& options = run.s.options;
  ParseInputs in{options, run.prefilter, run.tables};
  pool.forEach(project.slots.size(),
               [&](size_t k) { classifySlot(project.slots[k], run.prefilter); });
  // An installed package may hold a LightningModule base a file imports.
  if (run.prefilter.enabled() && !options.model.installed)
    markUnreached(project.slots, options.stdinFilename);
  pool.forEach(project.slots.size(), [&](size_t k) {
    FileSlot& slot = project.slots[k];
    scanSlot(slot, in);
    if (!slot.matchable && !slot.context) ++run.progress.done;
  });
  parseImported(project.slots, pool, in);
  parseSubclassUsers(project.slots, pool, in);
}

// The configs into the model, and the YAML ones checked. Every config is
// read before one is checked: a Hydra group config's fix is spelled from
// its siblings.
void checkConfigs(RunShared& run, ProjectCheck& project,
                  std::vector<std::optional<std::string>>& configTexts) {
  for (size_t c = 0; c < project.configs.size(); ++c)
    if (configTexts[c]) project.model->addConfigFile(project.configs[c], *configTexts[c]);
  std::string cliPackage = cliPackageOf(project.slots);
  for (size_t c = 0; c < project.checkedConfigs; ++c) {
    const std::string& path = project.configs[c];
    if (!configTexts[c] || !isYamlPath(path)) continue;
    auto file = std::make_shared<SourceFile>(path, std::move(*configTexts[c]));
    const ModelOptions& model = run.s.options.model;
    ConfigReaders readers{cliPackage, project.model->index().hydraGroupTrainerPackage(path),
                          &project.model->index(), model.targetDeepSpeed, model.migrateCpuPinned};
    checkConfig(file, readers, run.s.options, run.s.result, project);
  }
}

// link: the files' models joined into the project's.
void linkFiles(ProjectCheck& project, WorkPool& pool) {
  std::vector<FileModel*> models;
  for (FileSlot& slot : project.slots)
    if (slot.model) models.push_back(slot.model.get());
  project.model->link(models, [&](size_t count, const std::function<void(size_t)>& task) {
    pool.forEach(count, task);
  });
}

// match → fix → resolve → apply | diff, for the files holding a trigger word.
void checkFiles(RunShared& run, ProjectCheck& project, WorkPool& pool) {
  pool.forEach(project.slots.size(), [&](size_t k) {
    FileSlot& slot = project.slots[k];
    if (!slot.matchable || slot.context) return;
    checkSlot(slot, *project.model, run.prefilter, run.s.options, run.s.result);
    if (slot.outcome.report)
      run.progress.findings += slot.outcome.report->diagnostics.size() + slot.outcome.report->fixed;
    ++run.progress.done;
  });
}

// Its reports hold what they show; the rest of the project can go.
void release(ProjectCheck& project, WorkPool& pool) {
  keepOutcomes(project);
  project.model.reset();
  // Freeing a tree costs a tenth of parsing it: side by side too.
  pool.forEach(project.slots.size(), [&](size_t k) { project.slots[k] = FileSlot{}; });
  std::vector<FileSlot>().swap(project.slots);
}

void checkProject(RunShared& run, ProjectCheck& project, WorkPool& pool) {
  const RunOptions& options = run.s.options;
  readFiles(run, project, pool);
  std::vector<std::optional<std::string>> configTexts = readConfigs(project, options);
  std::optional<std::string> key;
  if (run.cache.enabled()) key = cacheKeyOf(project, configTexts, options);
  std::string name = cacheNameOf(project);
  if (key) {
    std::optional<CachedResult> hit = run.cache.load(name, *key, options.mode);
    if (hit && replay(run.progress, project, *hit, configTexts)) return;
  }
  project.model = std::make_unique<ProjectModel>(options.model);
  parseFiles(run, project, pool);
  checkConfigs(run, project, configTexts);
  linkFiles(project, pool);
  checkFiles(run, project, pool);
  if (run.keepModels) return;
  if (key) run.cache.store(name, *key, options.mode, resultOf(project));
  release(project, pool);
}

}  // namespace

CheckedRun::~CheckedRun() = default;

const RunResult& CheckedRun::result() const { return state_->result; }

RunResult& CheckedRun::result() { return state_->result; }

std::vector<Diagnostic> CheckedRun::recheck(const SourceFile& file) const {
  const State& s = *state_;
  RuleSet rules = rulesFor(file.path(), s.options);
  for (const ProjectCheck& project : s.projects)
    for (const FileSlot& slot : project.slots) {
      if (!slot.file || slot.file->path() != file.path()) continue;
      if (slot.cxx)
        return slot.command ? analyzeCxx(file, *slot.command, rules) : std::vector<Diagnostic>{};
      if (slot.model && slot.file->text() == file.text())
        return analyze(*slot.file, slot.tree, *slot.model, *project.model, rules);
      return analyzeText(file, *project.model, rules);
    }
  ProjectModel alone(s.options.model);
  return analyzeText(file, alone, rules);
}

RunResult runLightfix(const std::vector<std::string>& paths, const RunOptions& options) {
  CheckedRun checked(paths, options, /*keepModels=*/false);
  return std::move(checked.result());
}

}  // namespace lightfix
