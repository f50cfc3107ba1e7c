#include "edit/fix_rounds.h"

#include <gtest/gtest.h>

#include "python/source_file.h"

namespace lightfix {
namespace {

using clang::tooling::Replacement;

Diagnostic withFix(const std::string& code, uint32_t offset, uint32_t length, std::string text,
                   Applicability applicability = Applicability::Safe) {
  Diagnostic d;
  d.code = code;
  d.offset = offset;
  Fix fix;
  fix.message = code + " fix";
  fix.applicability = applicability;
  llvm::cantFail(fix.edits.add(Replacement("t.py", offset, length, text)));
  d.fix = std::move(fix);
  return d;
}

bool all(const Diagnostic&) { return true; }

TEST(FixRounds, AppliesDisjointFixesInOneRound) {
  SourceFile file("t.py", "a = 1\nb = 2\n");
  int rounds = 0;
  Analyzer analyze = [&](const SourceFile& f) {
    ++rounds;
    std::vector<Diagnostic> out;
    if (f.text().find("a = 10") == std::string::npos) out.push_back(withFix("X1", 4, 1, "10"));
    if (f.text().find("b = 20") == std::string::npos) out.push_back(withFix("X2", 10, 1, "20"));
    return out;
  };
  FixRounds r = applyFixes(file, analyze, all);
  EXPECT_EQ(r.text, "a = 10\nb = 20\n");
  EXPECT_EQ(r.applied.size(), 2u);
  EXPECT_TRUE(r.remaining.empty());
  EXPECT_EQ(rounds, 2);  // one round fixes both, one finds nothing left
}

TEST(FixRounds, DefersAnOverlappingFixToTheNextRound) {
  SourceFile file("t.py", "x = 1\n");
  Analyzer analyze = [&](const SourceFile& f) {
    std::vector<Diagnostic> out;
    // Both rewrite the same `1`; the second only makes sense once the first is in.
    if (f.text() == "x = 1\n") {
      out.push_back(withFix("A", 4, 1, "2"));
      out.push_back(withFix("B", 4, 1, "3"));
    } else if (f.text() == "x = 2\n") {
      out.push_back(withFix("B", 4, 1, "3"));
    }
    return out;
  };
  FixRounds r = applyFixes(file, analyze, all);
  EXPECT_EQ(r.text, "x = 3\n");
  ASSERT_EQ(r.applied.size(), 2u);
  EXPECT_EQ(r.applied[0].code, "A");
  EXPECT_EQ(r.applied[1].code, "B");
}

TEST(FixRounds, DropsAFixWhoseResultDoesNotParse) {
  SourceFile file("t.py", "x = 1\ny = 2\n");
  Analyzer analyze = [&](const SourceFile& f) {
    std::vector<Diagnostic> out;
    if (f.text().find("x = 1") != std::string::npos) out.push_back(withFix("BAD", 4, 1, "(("));
    if (f.text().find("y = 2") != std::string::npos) out.push_back(withFix("OK", 10, 1, "3"));
    return out;
  };
  FixRounds r = applyFixes(file, analyze, all);
  EXPECT_EQ(r.text, "x = 1\ny = 3\n");
  ASSERT_EQ(r.dropped.size(), 1u);
  EXPECT_EQ(r.dropped[0].code, "BAD");
  ASSERT_EQ(r.remaining.size(), 1u);
  EXPECT_EQ(r.remaining[0].code, "BAD");
}

TEST(FixRounds, LeavesUnwantedFixesAlone) {
  SourceFile file("t.py", "x = 1\n");
  Analyzer analyze = [&](const SourceFile&) {
    return std::vector<Diagnostic>{withFix("U", 4, 1, "2", Applicability::Unsafe)};
  };
  FixRounds r = applyFixes(file, analyze, [](const Diagnostic& d) {
    return d.fix->applicability == Applicability::Safe;
  });
  EXPECT_EQ(r.text, "x = 1\n");
  EXPECT_EQ(r.remaining.size(), 1u);
}

TEST(FixRounds, ApplyEditsSplicesInOrder) {
  clang::tooling::Replacements edits;
  llvm::cantFail(edits.add(Replacement("t.py", 0, 1, "A")));
  llvm::cantFail(edits.add(Replacement("t.py", 2, 0, "+")));
  EXPECT_EQ(applyEdits("abc", edits), "Ab+c");
}

}  // namespace
}  // namespace lightfix
