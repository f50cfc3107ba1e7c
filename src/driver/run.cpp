#include "driver/run.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>

#include "diff/unified_diff.h"
#include "driver/discover.h"
#include "edit/atomic_write.h"
#include "edit/fix_rounds.h"
#include "model/project_index.h"
#include "model/project_model.h"
#include "python/source_file.h"
#include "python/syntax_tree.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

// Files that matter to the project model even without a rule's trigger:
// they may build the Trainer that decides a LightningModule's strategy,
// define a LightningModule's base class, or hand a Fabric to a helper.
constexpr std::string_view kModelWords[] = {"lightning", "Trainer", "Fabric",    "fabric",
                                            "setup",     "launch",  "deepspeed", "DeepSpeed"};

struct ParsedFile {
  std::shared_ptr<const SourceFile> file;
  SyntaxTree tree;
  std::unique_ptr<FileModel> model;
  bool matchable = false;  // holds a rule's trigger word
  bool fromStdin = false;
};

bool readFile(const std::string& path, std::string& text, std::string& error) {
  if (path == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return true;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot read file";
    return false;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) {
    error = path + ": cannot read file";
    return false;
  }
  text = buffer.str();
  return true;
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

bool wantedFix(const Diagnostic& d, bool unsafe) {
  return d.fix && (d.fix->applicability == Applicability::Safe || unsafe);
}

}  // namespace

RunResult runLightfix(const std::vector<std::string>& paths, const RunOptions& options) {
  RunResult result;
  Discovery discovery = discoverFiles(paths, options.exclude);
  result.errors = discovery.errors;
  result.files = discovery.files;

  // prefilter → parse → model, for every file that can matter: those with a
  // rule's or the model's words, then the project modules they import, to a
  // fixpoint (a LightningModule's base may sit in a file with neither).
  std::vector<ParsedFile> parsed;
  std::vector<std::string> unparsed;
  std::vector<std::string> unparsedNormalised;
  auto parse = [&](const std::string& path, std::string text) {
    bool matchable = mayMatch(text, options.rules);
    std::string shown =
        path == "-" && !options.stdinFilename.empty() ? options.stdinFilename : path;
    ParsedFile p{std::make_shared<SourceFile>(shown, std::move(text)), SyntaxTree{}, nullptr,
                 matchable, path == "-"};
    p.tree = SyntaxTree::parse(p.file->text());
    if (!p.tree.hasError()) p.model = std::make_unique<FileModel>(*p.file, p.tree, options.model);
    parsed.push_back(std::move(p));
  };
  for (const std::string& path : discovery.files) {
    std::string text;
    std::string error;
    if (!readFile(path, text, error)) {
      result.errors.push_back(error);
      continue;
    }
    if (path == "-") result.stdinText = text;
    bool modelOnly = false;
    for (std::string_view word : kModelWords) modelOnly = modelOnly || text.find(word) != text.npos;
    if (mayMatch(text, options.rules) || modelOnly)
      parse(path, std::move(text));
    else {
      unparsed.push_back(path);
      unparsedNormalised.push_back(normalisedPath(path));
    }
  }
  for (size_t done = 0; done < parsed.size() && !unparsed.empty(); ++done) {
    if (!parsed[done].model) continue;
    for (const std::string& module : parsed[done].model->imports().importedModules()) {
      int index = moduleFile(parsed[done].file->path(), module, unparsedNormalised);
      if (index < 0) continue;
      std::string path = unparsed[static_cast<size_t>(index)];
      unparsed.erase(unparsed.begin() + index);
      unparsedNormalised.erase(unparsedNormalised.begin() + index);
      std::string text;
      std::string error;
      if (readFile(path, text, error)) parse(path, std::move(text));
    }
  }

  ProjectModel project(options.model);
  for (const std::string& path : discovery.configs) {
    std::string text;
    std::string error;
    // A config that cannot be read informs nothing; it is no error of the run.
    if (readFile(path, text, error)) project.addConfigFile(path, text);
  }
  std::vector<FileModel*> models;
  for (ParsedFile& p : parsed)
    if (p.model) models.push_back(p.model.get());
  project.link(models);

  // match → fix → resolve → apply | diff.
  for (ParsedFile& p : parsed) {
    if (!p.matchable) continue;
    const SourceFile& file = *p.file;
    FileReport report{p.file, {}, 0, {}};
    if (!p.model) {
      report.diagnostics.push_back(syntaxError(file, p.tree));
      result.errors.push_back(file.path() + ": invalid Python syntax; file left as it is");
      result.reports.push_back(std::move(report));
      continue;
    }
    RuleSet rules = rulesFor(file.path(), options);
    if (options.mode == Mode::Check) {
      report.diagnostics = analyze(file, p.tree, *p.model, project, rules);
    } else {
      Analyzer analyzer = [&](const SourceFile& f) {
        // The first round sees the text as parsed for the project.
        if (f.text() == file.text()) return analyze(file, p.tree, *p.model, project, rules);
        return analyzeText(f, project, rules);
      };
      FixRounds rounds = applyFixes(
          file, analyzer, [&](const Diagnostic& d) { return wantedFix(d, options.unsafeFixes); });
      for (const Diagnostic& d : rounds.dropped)
        result.errors.push_back(
            fmt::format("{}:{}:{}: {} fix dropped: the fixed file would not parse", file.path(),
                        d.location.row, d.location.column, d.code));
      report.diagnostics = rounds.remaining;
      report.fixed = rounds.applied.size();
      for (const Diagnostic& d : rounds.applied) report.fixedCodes.push_back(d.code);
      // Remaining positions refer to the fixed text.
      if (rounds.text != file.text())
        report.file = std::make_shared<SourceFile>(file.path(), rounds.text);
      if (options.mode == Mode::Diff) {
        result.diff += unifiedDiff(file.path(), file.text(), rounds.text);
      } else if (p.fromStdin) {
        result.stdinText = rounds.text;
      } else if (rounds.text != file.text()) {
        std::string why = writeFileAtomically(file.path(), file.text(), rounds.text);
        if (!why.empty()) {
          result.errors.push_back(file.path() + ": " + why);
          report.fixed = 0;
          report.fixedCodes.clear();
          report.file = p.file;
          report.diagnostics = analyze(file, p.tree, *p.model, project, rules);
        }
      }
    }
    if (!report.diagnostics.empty() || report.fixed > 0)
      result.reports.push_back(std::move(report));
  }
  return result;
}

}  // namespace lightfix
