#include "core/source_file.h"

#include <gtest/gtest.h>

namespace lightfix {
namespace {

TEST(SourceFile, PositionsAreOneBasedAndCountCharacters) {
  SourceFile f("x.py", "a = 1\n\xc3\xa9 = fabric\n");
  EXPECT_EQ(f.position(0), (Position{1, 1}));
  EXPECT_EQ(f.position(6), (Position{2, 1}));
  // `=` follows a two-byte character: byte 9, column 3.
  EXPECT_EQ(f.position(9), (Position{2, 3}));
}

TEST(SourceFile, DetectsCrlfAndKeepsLineTextWithoutTerminator) {
  SourceFile f("x.py", "a\r\n\tb = 2\r\n");
  EXPECT_EQ(f.eol(), "\r\n");
  EXPECT_EQ(f.lineText(1), "\tb = 2");
  EXPECT_EQ(f.indentOf(1), "\t");
  EXPECT_EQ(f.lineCount(), 3u);
}

TEST(SourceFile, LfIsTheDefault) {
  SourceFile f("x.py", "a\nb");
  EXPECT_EQ(f.eol(), "\n");
  EXPECT_EQ(f.lineEnd(1), 3u);
}

}  // namespace
}  // namespace lightfix
