#include "python_pipeline.h"

#include <cstdlib>
#include <memory>
#include <optional>
#include <sstream>

#include "core/source_encoding.h"
#include "core/source_file.h"
#include "diff/unified_diff.h"
#include "driver/analyze.h"
#include "edit/apply_fixes.h"
#include "model/file_model.h"
#include "model/project_model.h"
#include "python/syntax_tree.h"
#include "registry/registry.h"
#include "report/render.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

ModelOptions optionsOf(std::string_view text) {
  ModelOptions options;
  std::string_view first = text.substr(0, text.find('\n'));
  options.targetDeepSpeed = first.rfind("# args:", 0) == 0 &&
                            first.find("--target-strategy deepspeed") != std::string_view::npos;
  return options;
}

std::string renderBoth(const FileReport& report) {
  RenderOptions options;
  options.unsafeFixes = true;
  std::ostringstream json;
  printJson({report}, json, /*lines=*/false);
  return renderFull({report}, options) + json.str();
}

}  // namespace

PipelineOutcome runPythonPipeline(std::string_view bytes) {
  PipelineOutcome outcome;
  // The CLI leaves such a file as it is, unparsed.
  if (std::optional<RefusedByte> bad = refusedByte(bytes)) {
    outcome.refused = bad->why;
    return outcome;
  }
  auto file = std::make_shared<const SourceFile>("fuzz.py", std::string(bytes));
  ProjectModel project(optionsOf(file->text()));
  SyntaxTree tree = SyntaxTree::parse(file->text());
  if (tree.hasError()) {
    outcome.report = renderBoth(FileReport{file, {syntaxError(*file, tree)}, 0, {}});
    return outcome;
  }
  outcome.parsed = true;
  FileModel model(*file, tree, project.options());
  project.link({&model});

  RuleSet rules;
  for (const Rule& r : allRules()) rules.push_back(&r);
  std::vector<Diagnostic> found = analyze(*file, tree, model, project, rules);
  outcome.findings = found.size();
  outcome.report = renderBoth(FileReport{file, found, 0, {}});

  // As checkSlot does: the first round sees the text as parsed for the project.
  Analyzer analyzer = [&](const SourceFile& f) {
    if (f.text() == file->text()) return found;
    return analyzeText(f, project, rules);
  };
  FixRounds rounds = applyFixes(*file, analyzer, [](const Diagnostic& d) { return bool(d.fix); });
  if (!rounds.applied.empty() && !pythonParses(rounds.text)) std::abort();
  outcome.applied = rounds.applied.size();
  outcome.remaining = rounds.remaining.size();
  FileReport fixed{std::make_shared<const SourceFile>(file->path(), rounds.text),
                   rounds.remaining,
                   rounds.applied.size(),
                   {}};
  for (const Diagnostic& d : rounds.applied) fixed.fixedCodes.push_back(d.code);
  outcome.report += renderBoth(fixed);
  outcome.report += unifiedDiff(file->path(), file->text(), rounds.text);
  outcome.fixedText = std::move(rounds.text);
  return outcome;
}

}  // namespace lightfix
