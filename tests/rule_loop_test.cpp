#include "rules/rule_loop.h"

#include <gtest/gtest.h>

#include "core/source_file.h"

namespace lightfix {
namespace {

// Two rules of one language and one of another, over a made-up language
// whose "matcher" reports every `x` of the text.
struct Loop {
  Rule a;
  Rule b;
  Rule other;
  std::vector<std::string> fixed;  // the codes asked for a fix, in order

  Loop() {
    a.code = "LF001";
    b.code = "LF002";
    other.code = "LT001";
  }

  std::vector<Diagnostic> run(const SourceFile& file, CommentSyntax comments) {
    auto findingsOf = [&](const Rule& rule, std::vector<Finding>& out) {
      if (&rule == &other) return false;
      for (size_t at = file.text().find('x'); at != std::string::npos;
           at = file.text().find('x', at + 1)) {
        Finding f;
        f.start = static_cast<uint32_t>(at);
        f.end = f.start + 1;
        f.message = std::string(rule.code) + " here";
        f.severity = &rule == &a ? Severity::Error : Severity::Warning;
        out.push_back(std::move(f));
      }
      return true;
    };
    auto fixOf = [&](const Rule& rule, Finding&) -> std::optional<Fix> {
      fixed.emplace_back(rule.code);
      Fix fix;
      fix.message = "fix " + std::string(rule.code);
      return fix;
    };
    return runRules(file, {&other, &b, &a}, comments, findingsOf, fixOf);
  }
};

TEST(RuleLoop, EachFindingGetsItsRulesCodeAndPositionsInFileOrder) {
  Loop loop;
  std::vector<Diagnostic> found =
      loop.run(SourceFile("t.py", "a = 1\nx = 2\n"), CommentSyntax::Python);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].code, "LF001");
  EXPECT_EQ(found[0].severity, Severity::Error);
  EXPECT_EQ(found[1].code, "LF002");
  EXPECT_EQ(found[1].severity, Severity::Warning);
  for (const Diagnostic& d : found) {
    EXPECT_EQ(d.location.row, 2u);
    EXPECT_EQ(d.location.column, 1u);
    EXPECT_EQ(d.endLocation.column, 2u);
    EXPECT_EQ(d.message, d.code + " here");
    ASSERT_TRUE(d.fix);
    EXPECT_EQ(d.fix->message, "fix " + d.code);
  }
  // The rule of another language never ran; the others in the run's order.
  EXPECT_EQ(loop.fixed, (std::vector<std::string>{"LF002", "LF001"}));
}

TEST(RuleLoop, ASuppressedFindingIsNeitherReportedNorFixed) {
  Loop loop;
  std::vector<Diagnostic> found =
      loop.run(SourceFile("t.py", "x = 1  # noqa: LF002\n"), CommentSyntax::Python);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].code, "LF001");
  EXPECT_EQ(loop.fixed, std::vector<std::string>{"LF001"});
}

TEST(RuleLoop, EachLanguageReadsItsOwnComments) {
  Loop loop;
  EXPECT_EQ(loop.run(SourceFile("t.cpp", "int x;  // NOLINT\n"), CommentSyntax::Cxx).size(), 0u);
  EXPECT_EQ(loop.run(SourceFile("t.py", "x = 1  // NOLINT\n"), CommentSyntax::Python).size(), 2u);
  EXPECT_EQ(
      loop.run(SourceFile("t.py", "# lightfix: skip-file\nx = 1\n"), CommentSyntax::Python).size(),
      0u);
}

}  // namespace
}  // namespace lightfix
