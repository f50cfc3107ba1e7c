#include "rules/rule_loop.h"

#include "core/source_file.h"

namespace lightfix {

std::vector<Diagnostic> runRules(const SourceFile& file, const RuleSet& rules,
                                 CommentSyntax comments, const FindingsOf& findingsOf,
                                 const FixOf& fixOf) {
  std::vector<Diagnostic> out;
  if (skipsFile(file.text(), comments)) return out;
  for (const Rule* rule : rules) {
    std::vector<Finding> findings;
    if (!findingsOf(*rule, findings)) continue;
    for (Finding& f : findings) {
      if (suppressedAt(file, f.start, rule->code, comments)) continue;
      Diagnostic d;
      d.code = rule->code;
      d.message = f.message;
      d.related = f.related;
      d.severity = f.severity;
      d.offset = f.start;
      d.length = f.end - f.start;
      d.location = file.position(f.start);
      d.endLocation = file.position(f.end);
      d.fix = fixOf(*rule, f);
      out.push_back(std::move(d));
    }
  }
  sortAndDedupe(out);
  return out;
}

}  // namespace lightfix
