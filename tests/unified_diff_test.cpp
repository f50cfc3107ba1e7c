#include "diff/unified_diff.h"

#include <gtest/gtest.h>

#include "test_support.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace lightfix {
namespace {

TEST(UnifiedDiff, EqualTextsHaveNoDiff) { EXPECT_EQ(unifiedDiff("a.py", "x\n", "x\n"), ""); }

TEST(UnifiedDiff, InsertionWithThreeLinesOfContext) {
  std::string before = "1\n2\n3\n4\n5\n6\n7\n8\n";
  std::string after = "1\n2\n3\n4\nnew\n5\n6\n7\n8\n";
  EXPECT_EQ(unifiedDiff("src/a.py", before, after),
            "--- a/src/a.py\n+++ b/src/a.py\n"
            "@@ -2,6 +2,7 @@\n 2\n 3\n 4\n+new\n 5\n 6\n 7\n");
}

TEST(UnifiedDiff, DistantChangesAreSeparateHunks) {
  std::string before, after;
  for (int i = 1; i <= 20; ++i) {
    before += std::to_string(i) + "\n";
    after += (i == 2 || i == 18 ? "x" : std::to_string(i)) + "\n";
  }
  std::string d = unifiedDiff("a.py", before, after);
  EXPECT_NE(d.find("@@ -1,5 +1,5 @@\n"), std::string::npos) << d;
  EXPECT_NE(d.find("@@ -15,6 +15,6 @@\n"), std::string::npos) << d;
}

TEST(UnifiedDiff, MarksAMissingFinalNewline) {
  EXPECT_EQ(unifiedDiff("a.py", "a\nb", "a\nc"),
            "--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n"
            "+c\n\\ No newline at end of file\n");
}

TEST(UnifiedDiff, KeepsCrlfLines) {
  EXPECT_EQ(unifiedDiff("a.py", "a\r\nb\r\n", "a\r\nx\r\nb\r\n"),
            "--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,3 @@\n a\r\n+x\r\n b\r\n");
}

// The real consumers: git apply and patch -p1 must take the diff and give
// exactly the fixed text.
TEST(UnifiedDiff, GitApplyAndPatchAcceptIt) {
  namespace fs = std::filesystem;
  const std::string before = "import x\r\n\tdef f():\r\n\t\treturn 1\r\nlast";
  const std::string after = "import x\r\n\tdef f():\r\n\t\tsetup()\r\n\t\treturn 1\r\nlast2";
  for (const char* tool : {"git apply", "patch -s -p1 <"}) {
    fs::path dir = testing::freshTempDir();
    fs::create_directories(dir / "pkg");
    std::ofstream(dir / "pkg/t.py", std::ios::binary) << before;
    std::ofstream(dir / "fix.diff", std::ios::binary) << unifiedDiff("pkg/t.py", before, after);
    std::string cmd = "cd '" + dir.string() + "' && " + tool + " fix.diff >/dev/null 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << tool;
    std::ifstream in(dir / "pkg/t.py", std::ios::binary);
    std::string result((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(result, after) << tool;
    fs::remove_all(dir);
  }
}

}  // namespace
}  // namespace lightfix
