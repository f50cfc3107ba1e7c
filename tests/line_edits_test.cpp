#include "fixers/line_edits.h"

#include <gtest/gtest.h>

#include "edit/apply_fixes.h"
#include "test_support.h"

namespace lightfix {
namespace {

using testing::Parsed;

std::string deleted(const Parsed& p, Node statement) {
  auto r = deleteStatementLines(p.file, statement);
  if (!r) return "<none>";
  clang::tooling::Replacements edits;
  EXPECT_FALSE(bool(edits.add(*r)));
  return applyEdits(p.file.text(), edits);
}

TEST(DeleteStatementLines, RemovesTheLinesWithTheirCommentAndLineEnding) {
  Parsed p("def f(m):\r\n    m = setup(m)  # wrap\r\n    return m\r\n");
  Node s = enclosingStatement(p.find("call", "setup(m)"));
  EXPECT_EQ(deleted(p, s), "def f(m):\r\n    return m\r\n");
}

TEST(DeleteStatementLines, KeepsAStatementSpanningSeveralLinesWhole) {
  Parsed p("x = f(\n    1,\n)\ny = 2\n");
  EXPECT_EQ(deleted(p, enclosingStatement(p.find("call", "f(\n    1,\n)"))), "y = 2\n");
}

TEST(DeleteStatementLines, RefusesSharedLinesAndLoneStatements) {
  Parsed shared("a = 1; b = 2\nc = 3\n");
  EXPECT_EQ(deleted(shared, enclosingStatement(shared.find("integer", "1"))), "<none>");
  Parsed lone("if x:\n    y = 1\nz = 2\n");
  EXPECT_EQ(deleted(lone, enclosingStatement(lone.find("integer", "1"))), "<none>");
}

TEST(DeleteStatementLines, TheLastLineWithoutALineEnding) {
  Parsed p("a = 1\nb = 2");
  EXPECT_EQ(deleted(p, enclosingStatement(p.find("integer", "2"))), "a = 1\n");
}

}  // namespace
}  // namespace lightfix
