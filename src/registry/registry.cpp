#include "registry/registry.h"

#include "rules/rule_specs.h"

namespace lightfix {

// Each rule's matcher (matchers/<slug>.cpp) and fixer (fixers/<slug>.cpp),
// declared from the rule list.
#define LIGHTFIX_PYTHON_FIXER_FIXED(Name) \
  std::optional<Fix> fix##Name(const FileContext&, const Finding&);
#define LIGHTFIX_PYTHON_FIXER_REPORTED(Name)
#define LIGHTFIX_CXX_FIXER_FIXED(Name) \
  std::optional<Fix> fix##Name(const CxxContext&, const Finding&);
#define LIGHTFIX_CXX_FIXER_REPORTED(Name)
#define LIGHTFIX_PYTHON_RULE(Name, Fixable)                    \
  void match##Name(const FileContext&, std::vector<Finding>&); \
  LIGHTFIX_PYTHON_FIXER_##Fixable(Name)
#define LIGHTFIX_CONFIG_RULE(Name, Fixable, Config) \
  LIGHTFIX_PYTHON_RULE(Name, Fixable)               \
  std::vector<Finding> match##Config(const ConfigContext&);
#define LIGHTFIX_CXX_RULE(Name, Fixable)                      \
  void match##Name(const CxxContext&, std::vector<Finding>&); \
  LIGHTFIX_CXX_FIXER_##Fixable(Name)
#include "rules/rules.def"

#define LIGHTFIX_FIXER_FIXED(Name) fix##Name
#define LIGHTFIX_FIXER_REPORTED(Name) nullptr

const std::vector<Rule>& allRules() {
  static const std::vector<Rule> rules = {
#define LIGHTFIX_PYTHON_RULE(Name, Fixable) \
  Rule{k##Name, match##Name, LIGHTFIX_FIXER_##Fixable(Name)},
#define LIGHTFIX_CONFIG_RULE(Name, Fixable, Config) \
  Rule{k##Name, match##Name, LIGHTFIX_FIXER_##Fixable(Name), match##Config},
#define LIGHTFIX_CXX_RULE(Name, Fixable) \
  Rule{k##Name, nullptr, nullptr, nullptr, match##Name, LIGHTFIX_FIXER_##Fixable(Name)},
#include "rules/rules.def"
  };
  return rules;
}

const Rule* findRule(std::string_view code) {
  for (const Rule& r : allRules())
    if (r.code == code) return &r;
  return nullptr;
}

}  // namespace lightfix
