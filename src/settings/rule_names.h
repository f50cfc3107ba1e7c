#pragma once
// How a person names rules, as ruff's users write them: in `--select`,
// `--ignore` and `[tool.lightfix]`, a code in any case (`lf001`), a prefix
// of codes (`LF`, `LF01`) or `ALL`; in `explain`, a code or a slug. Also the
// "did you mean" for a mistyped name.

#include <string>
#include <string_view>
#include <vector>

#include "rules/rule.h"

namespace lightfix {

// The codes `selector` names, in the registry's order; none when it names
// no rule.
std::vector<std::string> codesSelectedBy(std::string_view selector);

// Whether `selectors` names `code` itself (in any case), not through a
// prefix or ALL.
bool namesCode(const std::vector<std::string>& selectors, std::string_view code);

// Every selector of `list` replaced by the codes it names (each once);
// false, with `unknown` the first that names no rule.
bool expandSelectors(std::vector<std::string>& list, std::string& unknown);

// The rule `name` names: its code in any case, or its slug; or null.
const Rule* ruleNamed(std::string_view name);

// The candidate closest to `word` when it is close enough to be a typo
// (at most a third of its letters wrong); else empty.
std::string closestName(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace lightfix
