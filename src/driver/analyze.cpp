#include "driver/analyze.h"

#include <algorithm>

#include "core/source_file.h"
#include "model/file_model.h"
#include "model/project_model.h"
#include "python/node.h"
#include "python/syntax_tree.h"
#include "rules/rule.h"
#include "rules/suppression.h"

namespace lightfix {

// A finding as reported: plain data, positions resolved; no fix yet.
static Diagnostic diagnosticOf(const SourceFile& file, const Rule& rule, const Finding& f) {
  Diagnostic d;
  d.code = rule.code;
  d.message = f.message;
  d.severity = f.severity;
  d.offset = f.start;
  d.length = f.end - f.start;
  d.location = file.position(f.start);
  d.endLocation = file.position(f.end);
  return d;
}

std::vector<Diagnostic> analyze(const SourceFile& file, const SyntaxTree& tree,
                                const FileModel& model, const ProjectModel& project,
                                const RuleSet& rules) {
  std::vector<Diagnostic> out;
  if (skipsFile(file.text(), CommentSyntax::Python)) return out;
  IndexedWalks walks(tree.index());
  for (const Rule* rule : rules) {
    if (!rule->match) continue;  // a C++ rule
    FileContext ctx{*rule, file, tree, model, project};
    std::vector<Finding> findings;
    rule->match(ctx, findings);
    for (Finding& f : findings) {
      if (suppressedAt(file, f.start, rule->code, CommentSyntax::Python)) continue;
      Diagnostic d = diagnosticOf(file, *rule, f);
      if (rule->fix) d.fix = rule->fix(ctx, f);
      out.push_back(std::move(d));
    }
  }
  sortAndDedupe(out);
  return out;
}

std::vector<Diagnostic> analyzeConfigFile(const SourceFile& file, const RuleSet& rules,
                                          const ConfigReaders& readers) {
  std::vector<Diagnostic> out;
  if (skipsFile(file.text(), CommentSyntax::Python)) return out;
  for (const Rule* rule : rules) {
    if (!rule->matchConfig) continue;
    ConfigContext ctx{*rule, file.path(), file.text(), readers};
    for (Finding& f : rule->matchConfig(ctx)) {
      if (suppressedAt(file, f.start, rule->code, CommentSyntax::Python)) continue;
      Diagnostic d = diagnosticOf(file, *rule, f);
      d.fix = std::move(f.fix);
      out.push_back(std::move(d));
    }
  }
  sortAndDedupe(out);
  return out;
}

Diagnostic syntaxError(const SourceFile& file, const SyntaxTree& tree) {
  TSNode error = tree.firstError();
  Diagnostic d;
  d.kind = DiagnosticKind::SyntaxError;
  d.offset = isNull(error) ? 0 : startOf(error);
  d.length = 0;
  d.location = file.position(d.offset);
  d.endLocation = d.location;
  d.message = "SyntaxError: invalid syntax";
  return d;
}

std::vector<Diagnostic> analyzeText(const SourceFile& file, const ProjectModel& project,
                                    const RuleSet& rules) {
  SyntaxTree tree = SyntaxTree::parse(file.text());
  if (tree.hasError()) return {syntaxError(file, tree)};
  FileModel model(file, tree, project.options());
  model.attach(project.index());
  return analyze(file, tree, model, project, rules);
}

}  // namespace lightfix
