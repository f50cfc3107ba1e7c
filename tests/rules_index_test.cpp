#include "registry/rules_index.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "registry/registry.h"
#include "registry/rule_docs.h"
#include "rules/rule.h"

namespace lightfix {
namespace {

TEST(RulesIndex, TheDocsPageIsTheRuleTable) {
  std::ifstream in(LIGHTFIX_TESTDATA "/../docs/rules/index.md", std::ios::binary);
  std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(page, rulesIndexMarkdown())
      << "regenerate it: build/lightfix rules --markdown > docs/rules/index.md";
}

TEST(RulesIndex, EveryRuleHasItsPage) {
  for (const Rule& r : allRules()) {
    auto page = ruleDocs().find(std::string(r.code));
    ASSERT_NE(page, ruleDocs().end()) << r.code;
    EXPECT_EQ(page->second.rfind("# " + std::string(r.code) + ": " + std::string(r.slug), 0), 0u)
        << r.code << "'s page must start with its code and slug";
    EXPECT_NE(rulesIndexMarkdown().find("[" + std::string(r.code) + "]"), std::string::npos);
  }
}

}  // namespace
}  // namespace lightfix
