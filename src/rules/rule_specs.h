#pragma once
// Every rule's spec, each defined in its matcher file (matchers/<slug>.cpp).

#include "rules/rule.h"

namespace lightfix {

#define LIGHTFIX_PYTHON_RULE(Name, Fixable) extern const RuleSpec k##Name;
#define LIGHTFIX_CONFIG_RULE(Name, Fixable, Config) extern const RuleSpec k##Name;
#define LIGHTFIX_CXX_RULE(Name, Fixable) extern const RuleSpec k##Name;
#include "rules/rules.def"

}  // namespace lightfix
