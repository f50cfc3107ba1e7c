#include "rules/suppression.h"

#include <gtest/gtest.h>

#include <vector>

namespace lightfix {
namespace {

// Whether each line of `text` switches `code` off.
std::vector<bool> suppressedLines(const std::string& text, std::string_view code,
                                  CommentSyntax syntax) {
  SourceFile file("train", text);
  std::vector<bool> lines;
  for (size_t start = 0; start < text.size(); start = text.find('\n', start) + 1)
    lines.push_back(suppressedAt(file, static_cast<uint32_t>(start), code, syntax));
  return lines;
}

TEST(Suppression, PythonNoqaAndIgnore) {
  const std::string text =
      "fabric.backward(loss)  # noqa\n"
      "fabric.backward(loss)  # NOQA: LF002, LF001\n"
      "fabric.backward(loss)  # noqa: LF002\n"
      "fabric.backward(loss)  # lightfix: ignore[LF001]\n"
      "fabric.backward(loss)  # NOLINT\n";  // C++'s word
  EXPECT_EQ(suppressedLines(text, "LF001", CommentSyntax::Python),
            (std::vector<bool>{true, true, false, true, false}));
  EXPECT_EQ(suppressedLines(text, "LF002", CommentSyntax::Python),
            (std::vector<bool>{true, true, true, false, false}));
}

TEST(Suppression, CxxNolintAndIgnore) {
  const std::string text =
      "loss.backward();  // NOLINT\n"
      "loss.backward();  // NOLINT(LT002)\n"
      "loss.backward();  // lightfix: ignore[LT001]\n"
      "loss.backward();  // noqa\n";  // Python's word
  EXPECT_EQ(suppressedLines(text, "LT001", CommentSyntax::Cxx),
            (std::vector<bool>{true, false, true, false}));
  EXPECT_EQ(suppressedLines(text, "LT002", CommentSyntax::Cxx),
            (std::vector<bool>{true, true, false, false}));
}

TEST(Suppression, SkipFileInEachCommentSyntax) {
  EXPECT_TRUE(skipsFile("x = 1\n# lightfix: skip-file\n", CommentSyntax::Python));
  EXPECT_FALSE(skipsFile("// lightfix: skip-file\n", CommentSyntax::Python));
  EXPECT_TRUE(skipsFile("// lightfix: skip-file\nint x;\n", CommentSyntax::Cxx));
  EXPECT_FALSE(skipsFile("# lightfix: skip-file\n", CommentSyntax::Cxx));
}

}  // namespace
}  // namespace lightfix
