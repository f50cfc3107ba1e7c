#pragma once
// match → fix for one file, whatever its language: the one loop over the
// run's rules. Each rule's findings, less those the file's comments switch
// off, become diagnostics (code from the rule, positions resolved) with the
// fixes proposed for them, in file order.

#include <functional>
#include <optional>
#include <vector>

#include "core/diagnostic.h"
#include "rules/rule.h"
#include "rules/suppression.h"

namespace lightfix {

// Adds `rule`'s findings to `out`; false for a rule of another language.
using FindingsOf = std::function<bool(const Rule& rule, std::vector<Finding>& out)>;
// The fix proposed for a finding `rule` made, if any.
using FixOf = std::function<std::optional<Fix>(const Rule& rule, Finding& finding)>;

std::vector<Diagnostic> runRules(const SourceFile& file, const RuleSet& rules,
                                 CommentSyntax comments, const FindingsOf& findingsOf,
                                 const FixOf& fixOf);

}  // namespace lightfix
