#include "driver/check_stage.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <vector>

#include "cxx/cxx_check.h"
#include "diff/unified_diff.h"
#include "driver/analyze.h"
#include "edit/apply_fixes.h"
#include "edit/atomic_write.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

// A notebook's changes, cell by cell, as ruff shows them (`a/x.ipynb:cell 3`).
std::string notebookDiff(const std::string& path, const Notebook& notebook,
                         const std::string& fixed) {
  std::string diff;
  if (std::optional<std::vector<Notebook::CellChange>> cells = notebook.cellsOf(fixed))
    for (const Notebook::CellChange& c : *cells)
      diff += unifiedDiff(path + ":cell " + std::to_string(c.number), c.before, c.after);
  return diff;
}

bool wantedFix(const Diagnostic& d, bool unsafe) {
  return d.fix && (d.fix->applicability == Applicability::Safe || unsafe);
}
// One file to fix: its text, where its fixed text goes, and what a fixed
// text must still do to be written.
struct FixTarget {
  std::shared_ptr<const SourceFile> file;
  bool fromStdin = false;
  const char* sound = "parse";  // "would not parse", "would not compile"
  FileOutcome& outcome;
  const Notebook* notebook = nullptr;  // the file's code is this notebook's
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
         fmt::format("{}: {} fix dropped: the fixed file would not {}",
                     placeOf(file.path(), d.location), d.code, target.sound)});
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
    target.outcome.diff += target.notebook
                               ? notebookDiff(file.path(), *target.notebook, rounds.text)
                               : unifiedDiff(file.path(), file.text(), rounds.text);
    return;
  }
  // What is written: a notebook's fixed code goes back into its cells.
  const std::string& before = target.notebook ? target.notebook->json() : file.text();
  std::optional<std::string> fixed = rounds.text;
  if (rounds.text == file.text()) {
    fixed = before;
  } else if (target.notebook) {
    fixed = target.notebook->withSource(rounds.text);
  }
  std::string why;
  if (!fixed) {
    why = "a fix moved a cell's bounds; not written";
  } else if (target.fromStdin) {
    result.stdinText = *fixed;
  } else if (*fixed != before) {
    why = writeFileAtomically(file.path(), before, *fixed);
  }
  if (why.empty()) return;
  if (target.fromStdin) result.stdinText = before;
  target.outcome.errors.push_back({ErrorKind::Io, file.path() + ": " + why});
  report.fixed = 0;
  report.fixedCodes.clear();
  report.fixedWarnings = 0;
  report.file = target.file;
  report.diagnostics = analyzer(file);
}

void fixSlot(FileSlot& slot, const Analyzer& analyzer, const ParseCheck& parses,
             const RunOptions& options, RunResult& result, FileReport& report) {
  fixFile({slot.file, slot.path == "-", slot.cxx ? "compile" : "parse", slot.outcome,
           slot.notebook.get()},
          analyzer, parses, options, result, report);
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

}  // namespace

RuleSet rulesFor(const std::string& path, const RunOptions& options) {
  if (options.config.perFileIgnores.empty() || path == "-") return options.rules;
  std::vector<std::string> ignored = options.config.ignoredFor(path);
  RuleSet rules;
  for (const Rule* r : options.rules)
    if (std::find(ignored.begin(), ignored.end(), r->code) == ignored.end()) rules.push_back(r);
  return rules;
}

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

void checkConfig(const std::shared_ptr<SourceFile>& file, const ConfigReaders& readers,
                 const RunOptions& options, RunResult& result, ProjectCheck& project) {
  RuleSet rules = rulesFor(file->path(), options);
  Analyzer analyzer = [&](const SourceFile& f) { return analyzeConfigFile(f, rules, readers); };
  FileReport report{file, {}, 0, {}};
  if (options.mode == Mode::Check) {
    report.diagnostics = analyzer(*file);
  } else {
    // Never stdin: a config is read from the project, not piped in.
    fixFile({file, false, "parse as YAML", project.configOutcome}, analyzer, yamlParses, options,
            result, report);
  }
  if (!report.diagnostics.empty() || report.fixed > 0)
    project.configReports.push_back(std::move(report));
}

}  // namespace lightfix
