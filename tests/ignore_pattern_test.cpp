#include "driver/ignore_pattern.h"

#include <gtest/gtest.h>

#include "driver/git_config.h"

namespace lightfix {
namespace {

bool matches(const char* pattern, const char* path, bool isDirectory = false) {
  std::optional<IgnorePattern> p = IgnorePattern::parse(pattern);
  return p && p->matches(path, isDirectory);
}

TEST(IgnorePattern, BlankLinesAndCommentsAreNoPattern) {
  EXPECT_FALSE(IgnorePattern::parse(""));
  EXPECT_FALSE(IgnorePattern::parse("   "));
  EXPECT_FALSE(IgnorePattern::parse("# a comment"));
  EXPECT_FALSE(IgnorePattern::parse("/"));
  EXPECT_TRUE(matches("\\#hash", "#hash"));  // an escaped # is a name
}

TEST(IgnorePattern, WithoutASlashTheNameMatchesAtAnyDepth) {
  EXPECT_TRUE(matches("*.py", "a.py"));
  EXPECT_TRUE(matches("*.py", "deep/down/a.py"));
  EXPECT_TRUE(matches("build", "src/build", true));
  EXPECT_FALSE(matches("*.py", "a.pyc"));
}

TEST(IgnorePattern, ASlashAnchorsAtTheFilesFolder) {
  EXPECT_TRUE(matches("/build", "build", true));
  EXPECT_FALSE(matches("/build", "src/build", true));
  EXPECT_TRUE(matches("doc/*.txt", "doc/a.txt"));
  EXPECT_FALSE(matches("doc/*.txt", "doc/sub/a.txt"));  // * stays in its segment
  EXPECT_FALSE(matches("doc/*.txt", "x/doc/a.txt"));
}

TEST(IgnorePattern, DoubleStarSpansSegments) {
  EXPECT_TRUE(matches("**/cache", "cache", true));
  EXPECT_TRUE(matches("**/cache", "a/b/cache", true));
  EXPECT_TRUE(matches("a/**/b", "a/b"));
  EXPECT_TRUE(matches("a/**/b", "a/x/y/b"));
  EXPECT_FALSE(matches("a/**/b", "a/x/y/c"));
  EXPECT_TRUE(matches("out/**", "out/x.py"));
  EXPECT_TRUE(matches("out/**", "out/deep/x.py"));
  EXPECT_FALSE(matches("out/**", "out", true));  // what is inside, not out itself
  EXPECT_TRUE(matches("a**b.py", "aXb.py"));     // elsewhere ** is *
}

TEST(IgnorePattern, TrailingSlashMeansDirectoriesOnly) {
  EXPECT_TRUE(matches("logs/", "logs", true));
  EXPECT_FALSE(matches("logs/", "logs", false));
  EXPECT_TRUE(matches("logs/", "a/logs", true));  // still unanchored
}

TEST(IgnorePattern, NegationAndEscapes) {
  std::optional<IgnorePattern> p = IgnorePattern::parse("!keep.py");
  ASSERT_TRUE(p);
  EXPECT_TRUE(p->negated());
  EXPECT_TRUE(p->matches("keep.py", false));
  EXPECT_TRUE(matches("\\!bang.py", "!bang.py"));
  EXPECT_TRUE(matches("trail.py   ", "trail.py"));  // trailing spaces dropped
  EXPECT_TRUE(matches("space\\ ", "space "));       // unless escaped
  EXPECT_TRUE(matches("[ab].py", "b.py"));
  EXPECT_FALSE(matches("[!ab].py", "b.py"));
  EXPECT_TRUE(matches("?.py\r", "x.py"));  // a CRLF file
}

TEST(IgnorePattern, IgnoreFileTextGivesEachPatternInOrder) {
  std::vector<IgnorePattern> patterns = parseIgnoreLines("# c\n*.log\n\n!keep.log\n");
  ASSERT_EQ(patterns.size(), 2u);
  EXPECT_FALSE(patterns[0].negated());
  EXPECT_TRUE(patterns[1].negated());
}

TEST(GitConfig, ExcludesFileIsReadFromTheCoreSection) {
  EXPECT_EQ(excludesFileSetting("[core]\n\texcludesFile = ~/.gitignore_global\n"),
            "~/.gitignore_global");
  EXPECT_EQ(excludesFileSetting("[Core]\nEXCLUDESFILE=\"/a b/ignore\" ; comment\n"), "/a b/ignore");
  EXPECT_EQ(excludesFileSetting("[core] excludesfile = /x\n[core]\nexcludesfile = /y\n"), "/y");
  EXPECT_FALSE(
      excludesFileSetting("[user]\nexcludesfile = /x\n[core \"sub\"]\nexcludesfile = /y\n"));
  EXPECT_FALSE(excludesFileSetting("# [core]\n"));
  EXPECT_FALSE(excludesFileSetting("[core\nexcludesfile = /x\n"));  // no section at all
}

}  // namespace
}  // namespace lightfix
