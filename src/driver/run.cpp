#include "driver/run.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>

#include "core/budgets.h"
#include "core/read_file.h"
#include "core/source_encoding.h"
#include "core/source_file.h"
#include "cxx/cxx_check.h"
#include "diff/unified_diff.h"
#include "driver/discover.h"
#include "driver/file_outcome.h"
#include "driver/prefilter.h"
#include "driver/project_roots.h"
#include "driver/result_cache.h"
#include "driver/work_pool.h"
#include "edit/atomic_write.h"
#include "edit/fix_rounds.h"
#include "model/config_files.h"
#include "model/imports.h"
#include "model/module_table.h"
#include "model/project_model.h"
#include "python/syntax_tree.h"
#include "rules/rule.h"

namespace fs = std::filesystem;

namespace lightfix {

namespace {

// One discovered file as it goes through the run.
// How far a file has come: read → judged by the prefilter → parsed.
enum class SlotStage {
  Unread,      // not read (yet), or a C++ file no command compiles (never)
  TooLarge,    // above max-file-size: never read
  ReadFailed,  // could not be read: the project is not cached
  Read,        // its text is held, not yet judged
  ToParse,     // judged relevant: its text is held until parsed (or compiled)
  Dropped,     // judged irrelevant, or bytes Python refuses: its text let go
  Parsed,      // parsed (a C++ file: handed to its check)
};

struct FileSlot {
  std::string path;
  std::shared_ptr<const SourceFile> file;  // null until parsed
  SyntaxTree tree;
  std::unique_ptr<FileModel> model;  // null if unparsed or invalid syntax
  bool matchable = false;            // holds a rule's trigger word
  uint64_t words = 0;                // which words it holds (Prefilter::words), once read
  // A C++ file is compiled, with this command, only when it may match.
  bool cxx = false;
  std::optional<CxxCommand> command;  // none: in no compilation database
  FileOutcome outcome;                // what checking it gave
  // Read ahead of parsing, so that the result cache sees every file of the
  // project before any is parsed.
  SlotStage stage = SlotStage::Unread;
  std::string text;   // while `holdsText()`
  uint64_t hash = 0;  // of its bytes (the size, when too large), with a cache

  bool holdsText() const { return stage == SlotStage::Read || stage == SlotStage::ToParse; }

  // A C++ file no compilation command names: never read, compiled or
  // checked, so its bytes cannot change what the run reports.
  bool uncompiled() const { return cxx && !command; }
};

bool readFile(const std::string& path, std::string& text, std::string& error) {
  if (path == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return true;
  }
  std::string why;
  if (readWholeFile(path, text, &why)) return true;
  error = path + ": cannot read file: " + why;
  return false;
}

// The run's rules less those per-file-ignores turns off for this file.
RuleSet rulesFor(const std::string& path, const RunOptions& options) {
  if (options.config.perFileIgnores.empty() || path == "-") return options.rules;
  std::vector<std::string> ignored = options.config.ignoredFor(path);
  RuleSet rules;
  for (const Rule* r : options.rules)
    if (std::find(ignored.begin(), ignored.end(), r->code) == ignored.end()) rules.push_back(r);
  return rules;
}

// 1.3 KB, 12.0 MB.
std::string humanSize(uint64_t bytes) {
  if (bytes < (1u << 20)) return fmt::format("{:.1f} KB", static_cast<double>(bytes) / 1024);
  return fmt::format("{:.1f} MB", static_cast<double>(bytes) / (1u << 20));
}

bool wantedFix(const Diagnostic& d, bool unsafe) {
  return d.fix && (d.fix->applicability == Applicability::Safe || unsafe);
}
void parseSlot(FileSlot& slot, std::string text, uint64_t words, const RunOptions& options) {
  slot.words = words;
  slot.matchable = Prefilter::python(words) == Relevance::Rules;
  std::string shown =
      slot.path == "-" && !options.stdinFilename.empty() ? options.stdinFilename : slot.path;
  slot.file = std::make_shared<SourceFile>(shown, std::move(text));
  slot.stage = SlotStage::Parsed;
  slot.tree = SyntaxTree::parse(slot.file->text());
  if (!slot.tree.hasError())
    slot.model = std::make_unique<FileModel>(*slot.file, slot.tree, options.model);
}

// Reads a file's bytes (hashed for the result cache), unless it is too
// large to check or a C++ file that will not be compiled.
void readSlot(FileSlot& slot, const RunOptions& options, bool hash, RunResult& result) {
  if (slot.uncompiled()) return;
  std::error_code ec;
  uint64_t size = slot.path == "-" ? 0 : std::filesystem::file_size(slot.path, ec);
  if (!ec && options.maxFileSize > 0 && size > options.maxFileSize) {
    slot.outcome.notice = fmt::format("{}: not checked: {} is above the {} limit (max-file-size)",
                                      slot.path, humanSize(size), humanSize(options.maxFileSize));
    slot.stage = SlotStage::TooLarge;
    slot.hash = size;
    return;
  }
  if (!readFile(slot.path, slot.text, slot.outcome.readError)) {
    slot.stage = SlotStage::ReadFailed;
    return;
  }
  if (slot.path == "-") result.stdinText = slot.text;
  if (hash) slot.hash = contentHash(slot.text);
  slot.stage = SlotStage::Read;
}

// prefilter for a read file: its text is kept only if it is to be parsed
// (or compiled).
void classifySlot(FileSlot& slot, const Prefilter& prefilter) {
  if (slot.stage != SlotStage::Read) return;
  bool relevant = false;
  if (slot.cxx) {
    slot.matchable = prefilter.cxx(slot.text);
    relevant = slot.matchable;
  } else if (std::optional<RefusedByte> bad = refusedByte(slot.text)) {
    // Python refuses such a source: it is no Python file to judge or fix.
    Position at = SourceFile(slot.path, slot.text).position(static_cast<uint32_t>(bad->offset));
    slot.outcome.readError =
        fmt::format("{}:{}:{}: {}; file left as it is", slot.path, at.row, at.column, bad->why);
  } else {
    slot.words = prefilter.words(slot.text);
    relevant = Prefilter::python(slot.words) != Relevance::None;
  }
  slot.stage = relevant ? SlotStage::ToParse : SlotStage::Dropped;
  if (!relevant) std::string().swap(slot.text);
}

// parse → model for a Python file the prefilter kept; a C++ one waits for
// checkSlot to compile it.
void scanSlot(FileSlot& slot, const RunOptions& options) {
  if (slot.stage != SlotStage::ToParse) return;
  if (slot.cxx) {
    slot.file = std::make_shared<SourceFile>(slot.path, std::move(slot.text));
    slot.stage = SlotStage::Parsed;
    return;
  }
  parseSlot(slot, std::move(slot.text), slot.words, options);
}

// The files no trigger word made us parse but a parsed file imports (a
// LightningModule's base may sit in a file with neither), to a fixpoint.
void parseImported(std::vector<FileSlot>& slots, WorkPool& pool, const Prefilter& prefilter,
                   const RunOptions& options) {
  ModuleTable unparsed;
  std::vector<size_t> slotOf;
  for (size_t i = 0; i < slots.size(); ++i) {
    if (slots[i].file || slots[i].cxx || !slots[i].outcome.readError.empty()) continue;
    unparsed.add(slots[i].path);
    slotOf.push_back(i);
  }
  std::vector<bool> taken(slotOf.size(), false);
  std::vector<size_t> wave;
  for (size_t i = 0; i < slots.size(); ++i)
    if (slots[i].model) wave.push_back(i);
  while (!wave.empty() && unparsed.size() > 0) {
    std::vector<size_t> next;
    for (size_t i : wave)
      for (const std::string& module : slots[i].model->imports().importedModules()) {
        int index = unparsed.find(slots[i].path, module);
        if (index < 0 || taken[static_cast<size_t>(index)]) continue;
        taken[static_cast<size_t>(index)] = true;
        next.push_back(slotOf[static_cast<size_t>(index)]);
      }
    std::sort(next.begin(), next.end());
    pool.forEach(next.size(), [&](size_t k) {
      FileSlot& slot = slots[next[k]];
      std::string text;
      std::string error;  // unread, it informs nothing: no error of the run
      if (readFile(slot.path, text, error) && !refusedByte(text)) {
        uint64_t words = prefilter.words(text);
        parseSlot(slot, std::move(text), words, options);
      }
    });
    wave.clear();
    for (size_t i : next)
      if (slots[i].model) wave.push_back(i);
  }
}

// One file to fix: its text, where its fixed text goes, and what a fixed
// text must still do to be written.
struct FixTarget {
  std::shared_ptr<const SourceFile> file;
  bool fromStdin = false;
  const char* sound = "parse";  // "would not parse", "would not compile"
  FileOutcome& outcome;
};

// fix → resolve → apply | diff over a file's findings, recomputed on each
// round's text by `analyzer`; `parses` says whether a fixed text is sound.
void fixFile(const FixTarget& target, const Analyzer& analyzer, const ParseCheck& parses,
             const RunOptions& options, RunResult& result, FileReport& report) {
  const SourceFile& file = *target.file;
  FixRounds rounds = applyFixes(
      file, analyzer, [&](const Diagnostic& d) { return wantedFix(d, options.unsafeFixes); },
      parses);
  for (const Diagnostic& d : rounds.dropped)
    target.outcome.errors.push_back(
        {ErrorKind::FixDropped,
         fmt::format("{}:{}:{}: {} fix dropped: the fixed file would not {}", file.path(),
                     d.location.row, d.location.column, d.code, target.sound)});
  report.diagnostics = rounds.remaining;
  report.fixed = rounds.applied.size();
  for (const Diagnostic& d : rounds.applied) {
    report.fixedCodes.push_back(d.code);
    if (d.severity == Severity::Warning) ++report.fixedWarnings;
  }
  // Remaining positions refer to the fixed text.
  if (rounds.text != file.text())
    report.file = std::make_shared<SourceFile>(file.path(), rounds.text);
  if (options.mode == Mode::Diff) {
    target.outcome.diff += unifiedDiff(file.path(), file.text(), rounds.text);
  } else if (target.fromStdin) {
    result.stdinText = rounds.text;
  } else if (rounds.text != file.text()) {
    std::string why = writeFileAtomically(file.path(), file.text(), rounds.text);
    if (!why.empty()) {
      target.outcome.errors.push_back({ErrorKind::Io, file.path() + ": " + why});
      report.fixed = 0;
      report.fixedCodes.clear();
      report.fixedWarnings = 0;
      report.file = target.file;
      report.diagnostics = analyzer(file);
    }
  }
}

void fixSlot(FileSlot& slot, const Analyzer& analyzer, const ParseCheck& parses,
             const RunOptions& options, RunResult& result, FileReport& report) {
  fixFile({slot.file, slot.path == "-", slot.cxx ? "compile" : "parse", slot.outcome}, analyzer,
          parses, options, result, report);
}

// compile → match → fix for one C++ file. Each text is compiled once: the
// check that a fixed text compiles also finds what is left in it.
void checkCxxSlot(FileSlot& slot, const RunOptions& options, RunResult& result) {
  const SourceFile& file = *slot.file;
  FileReport report{slot.file, {}, 0, {}};
  RuleSet rules = rulesFor(file.path(), options);
  std::map<std::string, std::vector<Diagnostic>> compiled;
  Analyzer analyzer = [&](const SourceFile& f) {
    auto it = compiled.find(f.text());
    if (it == compiled.end())
      it = compiled.emplace(f.text(), analyzeCxx(f, *slot.command, rules)).first;
    return it->second;
  };
  auto compiles = [&](const std::string& text) {
    return !isSyntaxError(analyzer(SourceFile(file.path(), text)));
  };
  if (options.mode == Mode::Check)
    report.diagnostics = analyzer(file);
  else
    fixSlot(slot, analyzer, compiles, options, result, report);
  if (isSyntaxError(report.diagnostics))
    slot.outcome.errors.push_back(
        {ErrorKind::InvalidSource,
         fmt::format("{}:{}:{}: does not compile; file left as it is", file.path(),
                     report.diagnostics[0].location.row, report.diagnostics[0].location.column)});
  if (!report.diagnostics.empty() || report.fixed > 0) slot.outcome.report = std::move(report);
}

// match → fix → resolve → apply | diff, for one parsed file.
void checkSlot(FileSlot& slot, const ProjectModel& project, const Prefilter& prefilter,
               const RunOptions& options, RunResult& result) {
  if (slot.cxx) return checkCxxSlot(slot, options, result);
  const SourceFile& file = *slot.file;
  FileReport report{slot.file, {}, 0, {}};
  if (!slot.model) {
    report.diagnostics.push_back(syntaxError(file, slot.tree));
    slot.outcome.errors.push_back(
        {ErrorKind::InvalidSource, file.path() + ": invalid Python syntax; file left as it is"});
    slot.outcome.report = std::move(report);
    return;
  }
  RuleSet rules = rulesFor(file.path(), options);
  // Only the rules whose words a text holds; a fix round's text may hold
  // more (an inserted `fabric.setup(model)`).
  RuleSet first = prefilter.rulesIn(slot.words, rules);
  if (options.mode == Mode::Check) {
    report.diagnostics = analyze(file, slot.tree, *slot.model, project, first);
  } else {
    Analyzer analyzer = [&](const SourceFile& f) {
      // The first round sees the text as parsed for the project.
      if (f.text() == file.text()) return analyze(file, slot.tree, *slot.model, project, first);
      return analyzeText(f, project, prefilter.rulesIn(f.text(), rules));
    };
    fixSlot(slot, analyzer, pythonParses, options, result, report);
  }
  if (!report.diagnostics.empty() || report.fixed > 0) slot.outcome.report = std::move(report);
}

}  // namespace

bool anyIoError(const std::vector<RunError>& errors) {
  return std::any_of(errors.begin(), errors.end(),
                     [](const RunError& e) { return e.kind == ErrorKind::Io; });
}

// The files of one project (see ProjectRoots), checked together. Its slots
// exist only while it is checked (or for the run's life, to recheck), so
// that memory follows the largest project, not the number of files.
struct ProjectPart {
  std::vector<size_t> files;  // indices in the run's files
  std::vector<FileSlot> slots;
  std::vector<std::pair<size_t, FileOutcome>> outcomes;  // by file index, those with any
  std::vector<std::string> configs;
  std::string root;  // the project's folder (ProjectRoots); empty for files under none
  std::unique_ptr<ProjectModel> project;
  std::vector<FileReport> configReports;  // they follow the source files'
  FileOutcome configOutcome;              // the configs' fix errors and diffs
};

struct CheckedProject::State {
  RunOptions options;
  std::vector<ProjectPart> parts;
  std::set<std::string> named;  // files named on the command line
  RunResult result;
};

namespace {

// Splits the run into its projects, in the order their first files come.
void splitIntoParts(const std::vector<std::string>& paths, const Discovery& discovery,
                    CheckedProject::State& s);

constexpr size_t kFilesOfASmallProject = 64;
// The most bytes of a project held unscanned while the cache is asked.
constexpr uint64_t kUnscannedBytes = uint64_t{64} << 20;

struct PartRun {
  CheckedProject::State& s;
  const Prefilter& prefilter;
  const ResultCache& cache;
  Progress& progress;
  bool keepModels;
  CompileCommands& commands;  // guarded by commandsLock: parts run side by side
  std::mutex& commandsLock;
};

// scan → parse → model → link → check for the files of one project.
void checkPart(PartRun& run, ProjectPart& part, WorkPool& pool);
void keepOutcomes(ProjectPart& part);

}  // namespace

CheckedProject::CheckedProject(const std::vector<std::string>& paths, const RunOptions& options,
                               bool keepModels)
    : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.options = options;
  RunResult& result = s.result;
  Discovery discovery = discoverFiles(paths, options.exclude);
  for (std::string& e : discovery.errors) result.errors.push_back({ErrorKind::Io, std::move(e)});
  Progress unseen;
  Progress& progress = options.progress ? *options.progress : unseen;
  progress.total = discovery.files.size();

  WorkPool pool(options.jobs);
  CompileCommands commands(options.cxx);
  if (!commands.error().empty()) result.errors.push_back({ErrorKind::Io, commands.error()});
  s.named = std::move(discovery.named);
  splitIntoParts(paths, discovery, s);
  result.files = std::move(discovery.files);
  Prefilter prefilter(options.rules, options.prefilter);
  std::mutex commandsLock;
  ResultCache cache(keepModels ? std::string() : options.cacheDir);
  PartRun run{s, prefilter, cache, progress, keepModels, commands, commandsLock};
  // A large project spreads its files over the threads; small ones (a fleet
  // of repositories) run whole, one per thread at a time.
  std::vector<size_t> small;
  for (size_t p = 0; p < s.parts.size(); ++p) {
    if (s.parts[p].files.size() > kFilesOfASmallProject) {
      checkPart(run, s.parts[p], pool);
    } else {
      small.push_back(p);
    }
  }
  pool.forEach(small.size(), [&](size_t k) {
    WorkPool here(1);
    checkPart(run, s.parts[small[k]], here);
  });
  if (keepModels)
    for (ProjectPart& part : s.parts) keepOutcomes(part);
  cache.prune();

  // Every file's outcome, in the run's file order.
  std::vector<std::pair<size_t, FileOutcome*>> outcomes;
  for (ProjectPart& part : s.parts)
    for (auto& [index, outcome] : part.outcomes) outcomes.emplace_back(index, &outcome);
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
  for (ProjectPart& part : s.parts) {
    std::vector<std::pair<size_t, FileOutcome>>().swap(part.outcomes);
    for (FileReport& r : part.configReports) result.reports.push_back(std::move(r));
    for (RunError& e : part.configOutcome.errors) result.errors.push_back(std::move(e));
    result.diff += part.configOutcome.diff;
  }
}

namespace {

void splitIntoParts(const std::vector<std::string>& paths, const Discovery& discovery,
                    CheckedProject::State& s) {
  ReachedFrom reachedFrom(paths);
  ProjectRoots roots;
  std::map<std::string, size_t> partByRoot;
  auto partFor = [&](const std::string& path) {
    std::string root = path == "-" ? std::string() : roots.rootOf(path, reachedFrom.folderOf(path));
    auto [it, added] = partByRoot.emplace(root, s.parts.size());
    if (added) s.parts.emplace_back().root = root;
    return it->second;
  };
  for (size_t i = 0; i < discovery.files.size(); ++i)
    s.parts[partFor(discovery.files[i])].files.push_back(i);
  for (const std::string& path : discovery.configs) s.parts[partFor(path)].configs.push_back(path);
}

// Moves what the part's files gave out of their slots.
void keepOutcomes(ProjectPart& part) {
  for (size_t k = 0; k < part.slots.size(); ++k) {
    FileOutcome& outcome = part.slots[k].outcome;
    if (outcome.empty()) continue;
    part.outcomes.emplace_back(part.files[k], std::move(outcome));
    outcome = FileOutcome{};
  }
}

// The key of a project's result: every file's bytes and every config's;
// none for a project that compiles C++ (its headers are not among its
// files) or has a file that could not be read. A C++ source with no
// compilation command is never read (a CUDA extension beside a training
// script): it leaves the project cached.
std::optional<std::string> cacheKeyOf(const ProjectPart& part,
                                      const std::vector<std::optional<std::string>>& configTexts,
                                      const RunOptions& options) {
  CacheKey key(options);
  for (const FileSlot& slot : part.slots) {
    if (slot.uncompiled()) {
      key.addUncompiled(slot.path);
      continue;
    }
    if (slot.cxx || slot.stage == SlotStage::ReadFailed || slot.path == "-") return std::nullopt;
    if (slot.stage == SlotStage::TooLarge) {
      key.addSkipped(slot.path, slot.hash);
    } else {
      key.addFile(slot.path, slot.hash);
    }
  }
  for (size_t c = 0; c < part.configs.size(); ++c) {
    if (!configTexts[c]) return std::nullopt;
    key.addFile(part.configs[c], contentHash(*configTexts[c]));
  }
  return key.digest();
}

// The project's entry in the cache: its folder, or for files under no
// project folder, the first one's folder.
std::string cacheNameOf(const ProjectPart& part) {
  if (!part.root.empty() || part.slots.empty()) return part.root;
  std::error_code ec;
  return fs::absolute(part.slots[0].path, ec).lexically_normal().parent_path().string();
}

// What the project's files and configs gave, by their index in it.
CachedResult resultOf(const ProjectPart& part) {
  CachedResult result;
  for (size_t k = 0; k < part.slots.size(); ++k)
    if (!part.slots[k].outcome.empty()) result.files.emplace_back(k, part.slots[k].outcome);
  for (const FileReport& report : part.configReports) {
    auto it = std::find(part.configs.begin(), part.configs.end(), report.file->path());
    result.configs.emplace_back(static_cast<size_t>(it - part.configs.begin()), report);
  }
  return result;
}

// A cached result stands for checking the project: its reports get the
// texts just read, which are the ones they were found in. False, touching
// nothing, if one names a file or config that is not there to show.
bool replay(PartRun& run, ProjectPart& part, CachedResult& hit,
            std::vector<std::optional<std::string>>& configTexts) {
  for (const auto& [k, outcome] : hit.files)
    if (k >= part.slots.size() || (outcome.report && !part.slots[k].holdsText())) return false;
  for (const auto& [c, report] : hit.configs)
    if (c >= part.configs.size() || !configTexts[c]) return false;
  for (auto& [k, outcome] : hit.files) {
    if (outcome.report) {
      outcome.report->file =
          std::make_shared<SourceFile>(part.slots[k].path, std::move(part.slots[k].text));
      run.progress.findings += outcome.report->diagnostics.size();
    }
    part.outcomes.emplace_back(part.files[k], std::move(outcome));
  }
  for (auto& [c, report] : hit.configs) {
    report.file = std::make_shared<SourceFile>(part.configs[c], std::move(*configTexts[c]));
    part.configReports.push_back(std::move(report));
  }
  run.progress.done += part.slots.size();
  std::vector<FileSlot>().swap(part.slots);
  return true;
}

// The package whose LightningCLI the project's files run, when they agree.
std::string cliPackageOf(const std::vector<FileSlot>& slots) {
  std::set<std::string> packages;
  for (const FileSlot& slot : slots) {
    if (!slot.model) continue;
    std::optional<std::string> q = slot.model->imports().qualifyName("LightningCLI");
    if (std::string package = q ? trainerPackageOf(*q) : ""; !package.empty())
      packages.insert(package);
  }
  return packages.size() == 1 ? *packages.begin() : std::string();
}

// A YAML config's findings; in fix and diff modes its fixes, applied as a
// source file's are, a fixed config still parsing as YAML.
void checkConfig(const std::shared_ptr<SourceFile>& file, const ConfigReaders& readers,
                 const RunOptions& options, RunResult& result, ProjectPart& part) {
  RuleSet rules = rulesFor(file->path(), options);
  Analyzer analyzer = [&](const SourceFile& f) { return analyzeConfigFile(f, rules, readers); };
  FileReport report{file, {}, 0, {}};
  if (options.mode == Mode::Check) {
    report.diagnostics = analyzer(*file);
  } else {
    // Never stdin: a config is read from the project, not piped in.
    fixFile({file, false, "parse as YAML", part.configOutcome}, analyzer, yamlParses, options,
            result, report);
  }
  if (!report.diagnostics.empty() || report.fixed > 0)
    part.configReports.push_back(std::move(report));
}

void checkPart(PartRun& run, ProjectPart& part, WorkPool& pool) {
  CheckedProject::State& s = run.s;
  const RunOptions& options = s.options;
  part.slots.resize(part.files.size());
  for (size_t k = 0; k < part.files.size(); ++k) {
    FileSlot& slot = part.slots[k];
    slot.path = s.result.files[part.files[k]];
    slot.cxx = isCxxPath(slot.path);
    if (!slot.cxx) continue;
    std::lock_guard<std::mutex> hold(run.commandsLock);
    slot.command = run.commands.commandFor(slot.path, s.named.count(slot.path) > 0);
  }
  // With a cache, what a hit does not need waits: the prefilter's scan of
  // the texts read, for as many bytes as kUnscannedBytes allows.
  bool cached = run.cache.enabled();
  std::atomic<uint64_t> unscanned{0};
  pool.forEach(part.slots.size(), [&](size_t k) {
    FileSlot& slot = part.slots[k];
    readSlot(slot, options, cached, s.result);
    if (!cached || unscanned.fetch_add(slot.text.size()) + slot.text.size() > kUnscannedBytes)
      classifySlot(slot, run.prefilter);
  });
  // A config that cannot be read informs nothing; it is no error of the run.
  std::vector<std::optional<std::string>> configTexts(part.configs.size());
  for (size_t c = 0; c < part.configs.size(); ++c) {
    // A JSON file is read only when it may be a DeepSpeed config, not a dataset.
    std::error_code ec;
    if (std::filesystem::path(part.configs[c]).extension() == ".json" &&
        std::filesystem::file_size(part.configs[c], ec) > kMaxJsonConfigBytes)
      continue;
    std::string text;
    std::string error;
    if (readFile(part.configs[c], text, error)) configTexts[c] = std::move(text);
  }
  std::optional<std::string> key;
  if (cached) key = cacheKeyOf(part, configTexts, options);
  std::string name = cacheNameOf(part);
  if (key) {
    std::optional<CachedResult> hit = run.cache.load(name, *key, options.mode);
    if (hit && replay(run, part, *hit, configTexts)) return;
  }

  part.project = std::make_unique<ProjectModel>(options.model);
  pool.forEach(part.slots.size(), [&](size_t k) {
    FileSlot& slot = part.slots[k];
    classifySlot(slot, run.prefilter);
    scanSlot(slot, options);
    if (!slot.matchable) ++run.progress.done;
  });
  parseImported(part.slots, pool, run.prefilter, options);

  // Every config is read before one is checked: a Hydra group config's
  // fix is spelled from its siblings.
  for (size_t c = 0; c < part.configs.size(); ++c)
    if (configTexts[c]) part.project->addConfigFile(part.configs[c], *configTexts[c]);
  std::string cliPackage = cliPackageOf(part.slots);
  for (size_t c = 0; c < part.configs.size(); ++c) {
    const std::string& path = part.configs[c];
    std::string ext = std::filesystem::path(path).extension().string();
    if (!configTexts[c] || (ext != ".yaml" && ext != ".yml")) continue;
    auto file = std::make_shared<SourceFile>(path, std::move(*configTexts[c]));
    ConfigReaders readers{cliPackage, part.project->index().hydraGroupTrainerPackage(path)};
    checkConfig(file, readers, options, s.result, part);
  }
  std::vector<FileModel*> models;
  for (FileSlot& slot : part.slots)
    if (slot.model) models.push_back(slot.model.get());
  part.project->link(models, [&](size_t count, const std::function<void(size_t)>& task) {
    pool.forEach(count, task);
  });

  pool.forEach(part.slots.size(), [&](size_t k) {
    FileSlot& slot = part.slots[k];
    if (!slot.matchable) return;
    checkSlot(slot, *part.project, run.prefilter, options, s.result);
    if (slot.outcome.report)
      run.progress.findings += slot.outcome.report->diagnostics.size() + slot.outcome.report->fixed;
    ++run.progress.done;
  });
  if (run.keepModels) return;
  if (key) run.cache.store(name, *key, options.mode, resultOf(part));
  // Its reports hold what they show; the rest of the project can go.
  keepOutcomes(part);
  part.project.reset();
  // Freeing a tree costs a tenth of parsing it: side by side too.
  pool.forEach(part.slots.size(), [&](size_t k) { part.slots[k] = FileSlot{}; });
  std::vector<FileSlot>().swap(part.slots);
}

}  // namespace

CheckedProject::~CheckedProject() = default;

const RunResult& CheckedProject::result() const { return state_->result; }

RunResult& CheckedProject::result() { return state_->result; }

std::vector<Diagnostic> CheckedProject::recheck(const SourceFile& file) const {
  const State& s = *state_;
  RuleSet rules = rulesFor(file.path(), s.options);
  for (const ProjectPart& part : s.parts)
    for (const FileSlot& slot : part.slots) {
      if (!slot.file || slot.file->path() != file.path()) continue;
      if (slot.cxx)
        return slot.command ? analyzeCxx(file, *slot.command, rules) : std::vector<Diagnostic>{};
      if (slot.model && slot.file->text() == file.text())
        return analyze(*slot.file, slot.tree, *slot.model, *part.project, rules);
      return analyzeText(file, *part.project, rules);
    }
  ProjectModel alone(s.options.model);
  return analyzeText(file, alone, rules);
}

RunResult runLightfix(const std::vector<std::string>& paths, const RunOptions& options) {
  CheckedProject checked(paths, options, /*keepModels=*/false);
  return std::move(checked.result());
}

}  // namespace lightfix
