#include "rules/rules_index.h"

#include <fmt/format.h>

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

}  // namespace

std::string rulesIndexMarkdown() {
  std::string out =
      "# Rules\n"
      "\n"
      "Made from the rule table (`src/rules/registry.cpp`) by `lightfix rules --markdown`;\n"
      "a test fails when this page and the table differ. Each code links to its page,\n"
      "also printed by `lightfix explain CODE`.\n"
      "\n"
      "| code | name | finds | Lightning raises | fix |\n"
      "|---|---|---|---|---|\n";
  for (const Rule& r : allRules())
    out += fmt::format("| [{0}]({0}.md) | {1} | {2} | {3} | {4} |\n", r.code, r.slug,
                       cell(r.summary), cell(r.lightningError), r.fix ? "yes" : "report only");
  return out;
}

}  // namespace lightfix
