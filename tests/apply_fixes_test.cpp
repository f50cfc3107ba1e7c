#include "edit/apply_fixes.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/source_file.h"

namespace lightfix {
namespace {

using clang::tooling::Replacement;

Diagnostic withFix(const std::string& code, uint32_t offset, uint32_t length,
                   const std::string& text, Applicability applicability = Applicability::Safe) {
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

// The codes of the fixes applied, in order.
std::vector<std::string> codes(const std::vector<Diagnostic>& applied) {
  std::vector<std::string> out;
  out.reserve(applied.size());
  for (const Diagnostic& d : applied) out.push_back(d.code);
  return out;
}

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
  EXPECT_EQ(codes(r.applied), (std::vector<std::string>{"A", "B"}));
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

// Edit safety: fixes of different rules on the same text never corrupt it.

TEST(FixRounds, PartlyOverlappingFixesTakeTurns) {
  SourceFile file("t.py", "x = foo(bar)\n");
  Analyzer analyze = [&](const SourceFile& f) {
    std::vector<Diagnostic> out;
    if (f.text().find(", 1") == std::string::npos) out.push_back(withFix("A", 4, 8, "foo(bar, 1)"));
    size_t bar = f.text().find("bar");
    if (bar != std::string::npos) out.push_back(withFix("B", bar, 3, "baz"));
    return out;
  };
  FixRounds r = applyFixes(file, analyze, all);
  EXPECT_EQ(r.text, "x = foo(baz, 1)\n");
  EXPECT_EQ(codes(r.applied), (std::vector<std::string>{"A", "B"}));
}

TEST(FixRounds, AdjacentFixesApplyInOneRound) {
  SourceFile file("t.py", "ab = 1\n");
  Analyzer analyze = [&](const SourceFile& f) {
    std::vector<Diagnostic> out;
    if (f.text()[0] == 'a') out.push_back(withFix("A", 0, 1, "A"));
    if (f.text()[1] == 'b') out.push_back(withFix("B", 1, 1, "B"));
    return out;
  };
  FixRounds r = applyFixes(file, analyze, all);
  EXPECT_EQ(r.text, "AB = 1\n");
  EXPECT_EQ(r.applied.size(), 2u);
}

TEST(FixRounds, TwoInsertionsAtOneOffsetAreBothWholeAndOnce) {
  SourceFile file("t.py", "x = 1\n");
  Analyzer analyze = [&](const SourceFile& f) {
    std::vector<Diagnostic> out;
    if (f.text().find("import a\n") == std::string::npos)
      out.push_back(withFix("A", 0, 0, "import a\n"));
    if (f.text().find("import b\n") == std::string::npos)
      out.push_back(withFix("B", 0, 0, "import b\n"));
    return out;
  };
  FixRounds r = applyFixes(file, analyze, all);
  // clang's Replacements join them, the one added later first.
  EXPECT_EQ(r.text, "import b\nimport a\nx = 1\n");
  EXPECT_EQ(r.applied.size(), 2u);
  EXPECT_TRUE(r.remaining.empty());
}

TEST(FixRounds, TheSameInsertionWantedTwiceIsMadeOnce) {
  // Two findings, one missing line: inserted twice it would be a second bug.
  SourceFile file("t.py", "x = 1\n");
  Analyzer analyze = [&](const SourceFile& f) {
    std::vector<Diagnostic> out;
    if (f.text().find("import a\n") == std::string::npos) {
      out.push_back(withFix("A", 0, 0, "import a\n"));
      out.push_back(withFix("A", 0, 0, "import a\n"));
    }
    return out;
  };
  FixRounds r = applyFixes(file, analyze, all);
  EXPECT_EQ(r.text, "import a\nx = 1\n");
  EXPECT_EQ(r.applied.size(), 2u);
  EXPECT_TRUE(r.remaining.empty());
}

TEST(FixRounds, InsertionsAtTheEdgesOfAReplacementKeepItWhole) {
  SourceFile file("t.py", "x = 1\n");
  Analyzer analyze = [&](const SourceFile& f) {
    std::vector<Diagnostic> out;
    if (f.text().find('1') != std::string::npos) out.push_back(withFix("R", 4, 1, "2"));
    if (f.text().find('(') == std::string::npos) out.push_back(withFix("L", 4, 0, "("));
    if (f.text().find(')') == std::string::npos) {
      size_t end = f.text().find('\n');
      out.push_back(withFix("E", end, 0, ")"));
    }
    return out;
  };
  FixRounds r = applyFixes(file, analyze, all);
  EXPECT_EQ(r.text, "x = (2)\n");
  EXPECT_EQ(r.applied.size(), 3u);
}

TEST(FixRounds, AFixIsTakenWholeOrWaitsWhole) {
  SourceFile file("t.py", "a = 1\nb = 2\n");
  Analyzer analyze = [&](const SourceFile& f) {
    std::vector<Diagnostic> out;
    // B rewrites `2`; A rewrites both `1` and `2`, so it waits for B, whole.
    if (f.text().find("b = 2\n") != std::string::npos) out.push_back(withFix("B", 10, 1, "3"));
    if (f.text().find("a = 1\n") != std::string::npos) {
      Diagnostic a = withFix("A", 4, 1, "10");
      llvm::cantFail(a.fix->edits.add(Replacement("t.py", 10, 1, "20")));
      out.push_back(std::move(a));
    }
    return out;
  };
  FixRounds r = applyFixes(file, analyze, all);
  EXPECT_EQ(r.text, "a = 10\nb = 20\n");
  EXPECT_EQ(codes(r.applied), (std::vector<std::string>{"B", "A"}));
}

TEST(FixRounds, FixesThatParseAloneButNotTogetherKeepTheFirst) {
  SourceFile file("t.py", "x = 1\ny = 2\n");
  Analyzer analyze = [&](const SourceFile& f) {
    std::vector<Diagnostic> out;
    if (f.text().find("x = 1") != std::string::npos) out.push_back(withFix("A", 4, 1, "A"));
    if (f.text().find("y = 2") != std::string::npos) out.push_back(withFix("B", 10, 1, "B"));
    return out;
  };
  auto notBoth = [](const std::string& text) {
    return text.find('A') == std::string::npos || text.find('B') == std::string::npos;
  };
  FixRounds r = applyFixes(file, analyze, all, notBoth);
  EXPECT_EQ(r.text, "x = A\ny = 2\n");
  ASSERT_EQ(r.dropped.size(), 1u);
  EXPECT_EQ(r.dropped[0].code, "B");
}

// Random fixes, many overlapping, many breaking the syntax: the text that
// comes out is always the original or one that parses.
TEST(FixRounds, TheFixedTextAlwaysParses) {
  const std::string text = "def f(a, b):\n    return a + b\n\nx = f(1, 2)\n";
  const std::vector<std::string> pieces = {"(", ")", "x", " + 1", ":", "\n", "", "if a:\n    "};
  std::mt19937 rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<Diagnostic> offered;
    for (int k = 0; k < 4; ++k) {
      auto offset = static_cast<uint32_t>(rng() % text.size());
      auto length = static_cast<uint32_t>(rng() % std::min<size_t>(4, text.size() - offset));
      offered.push_back(
          withFix("R" + std::to_string(k), offset, length, pieces[rng() % pieces.size()]));
    }
    Analyzer analyze = [&](const SourceFile& f) {
      return f.text() == text ? offered : std::vector<Diagnostic>{};
    };
    FixRounds r = applyFixes(SourceFile("t.py", text), analyze, all);
    EXPECT_TRUE(r.text == text || pythonParses(r.text)) << r.text;
  }
}

TEST(FixRounds, ApplyEditsSplicesInOrder) {
  clang::tooling::Replacements edits;
  llvm::cantFail(edits.add(Replacement("t.py", 0, 1, "A")));
  llvm::cantFail(edits.add(Replacement("t.py", 2, 0, "+")));
  EXPECT_EQ(applyEdits("abc", edits), "Ab+c");
}

// `fix -i` and `fix --from-log` apply fixes together: all of them or none.
TEST(ApplyTogether, AppliesEveryFixAtOnce) {
  Diagnostic a = withFix("A", 0, 1, "y");
  Diagnostic b = withFix("B", 4, 1, "2");
  FixedTogether r = applyTogether("x = 1\n", {&*a.fix, &*b.fix}, pythonParses);
  EXPECT_EQ(r.outcome, FixedTogether::Applied);
  EXPECT_EQ(r.text, "y = 2\n");
}

TEST(ApplyTogether, TheSameInsertionWantedTwiceIsMadeOnce) {
  Diagnostic a = withFix("A", 0, 0, "import a\n");
  Diagnostic b = withFix("A", 0, 0, "import a\n");
  FixedTogether r = applyTogether("x = 1\n", {&*a.fix, &*b.fix}, pythonParses);
  EXPECT_EQ(r.outcome, FixedTogether::Applied);
  EXPECT_EQ(r.text, "import a\nx = 1\n");
}

TEST(ApplyTogether, OverlappingFixesApplyNone) {
  Diagnostic a = withFix("A", 0, 3, "y");
  Diagnostic b = withFix("B", 2, 3, "z");
  FixedTogether r = applyTogether("x = 1\n", {&*a.fix, &*b.fix}, pythonParses);
  EXPECT_EQ(r.outcome, FixedTogether::Overlap);
  EXPECT_EQ(r.text, "");
}

TEST(ApplyTogether, AnUnsoundResultAppliesNone) {
  Diagnostic a = withFix("A", 0, 1, "y");
  Diagnostic b = withFix("B", 4, 1, "(");
  FixedTogether r = applyTogether("x = 1\n", {&*a.fix, &*b.fix}, pythonParses);
  EXPECT_EQ(r.outcome, FixedTogether::Unsound);
  EXPECT_EQ(r.text, "");
}

TEST(ApplyTogether, SoundnessIsTheCallersCheck) {
  // A C++ file's fixed text is sound when it compiles, a YAML file's when it
  // parses as YAML: whatever the check says is what counts.
  Diagnostic a = withFix("A", 4, 1, "(");
  std::vector<std::string> asked;
  auto anything = [&](const std::string& text) {
    asked.push_back(text);
    return true;
  };
  FixedTogether r = applyTogether("x = 1\n", {&*a.fix}, anything);
  EXPECT_EQ(r.outcome, FixedTogether::Applied);
  EXPECT_EQ(r.text, "x = (\n");
  EXPECT_EQ(asked, std::vector<std::string>{"x = (\n"});
}

}  // namespace
}  // namespace lightfix
