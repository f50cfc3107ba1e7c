#include "driver/analyze.h"

#include <algorithm>

#include "core/source_file.h"
#include "model/file_model.h"
#include "model/project_model.h"
#include "python/node.h"
#include "python/syntax_tree.h"
#include "rules/rule.h"
#include "rules/rule_loop.h"

namespace lightfix {

std::vector<Diagnostic> analyze(const SourceFile& file, const SyntaxTree& tree,
                                const FileModel& model, const ProjectModel& project,
                                const RuleSet& rules) {
  auto findingsOf = [&](const Rule& rule, std::vector<Finding>& out) {
    if (!rule.match) return false;
    rule.match(FileContext{rule, file, tree, model, project}, out);
    return true;
  };
  auto fixOf = [&](const Rule& rule, const Finding& f) -> std::optional<Fix> {
    if (!rule.fix) return std::nullopt;
    return rule.fix(FileContext{rule, file, tree, model, project}, f);
  };
  return runRules(file, rules, CommentSyntax::Python, findingsOf, fixOf);
}

std::vector<Diagnostic> analyzeConfigFile(const SourceFile& file, const RuleSet& rules,
                                          const ConfigReaders& readers) {
  auto findingsOf = [&](const Rule& rule, std::vector<Finding>& out) {
    if (!rule.matchConfig) return false;
    out = rule.matchConfig(ConfigContext{rule, file.path(), file.text(), readers});
    return true;
  };
  // A config's matcher makes each finding's fix with it.
  auto fixOf = [](const Rule&, Finding& f) { return std::move(f.fix); };
  return runRules(file, rules, CommentSyntax::Python, findingsOf, fixOf);
}

Diagnostic syntaxError(const SourceFile& file, const SyntaxTree& tree) {
  Node error = tree.firstError();
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
