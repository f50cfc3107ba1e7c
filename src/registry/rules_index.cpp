#include "registry/rules_index.h"

#include <fmt/format.h>

#include "registry/registry.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

// A table cell: `|` would end it, a line break would end the row.
std::string cell(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += ' ';
    else
      out += c;
  }
  return out;
}

// One table: the Python rules (LF…) or the C++ ones (LT…).
std::string ruleTable(bool cxx, std::string_view raiser) {
  std::string out = fmt::format(
      "| code | name | finds | {} raises | fix |\n"
      "|---|---|---|---|---|\n",
      raiser);
  for (const Rule& r : allRules()) {
    if (r.forCxx() != cxx) continue;
    std::string raised = r.raises ? cell(*r.raises) : "nothing: it fails silently";
    out += fmt::format("| [{0}]({0}.md) | {1} | {2} | {3} | {4} |\n", r.code, r.slug,
                       cell(r.summary), raised, r.fixable() ? "yes" : "report only");
  }
  return out;
}

}  // namespace

std::string rulesIndexMarkdown() {
  return "# Rules\n"
         "\n"
         "Made from the rule specs (each in `matchers/<slug>.cpp`, listed in\n"
         "`src/rules/rules.def`) by `lightfix rules --markdown`; a test fails when this\n"
         "page and the specs differ. Each code links to its page, also printed by\n"
         "`lightfix explain CODE`.\n"
         "\n"
         "## Python: Lightning and DeepSpeed\n"
         "\n" +
         ruleTable(false, "Lightning") +
         "\n"
         "## C++: libtorch trainers\n"
         "\n"
         "Checked through clang's AST, with the flags of a compilation database (`-p`) or\n"
         "given after `--`; see [the C++ section of the CLI guide](../cli.md#c-sources).\n"
         "\n" +
         ruleTable(true, "libtorch");
}

}  // namespace lightfix
