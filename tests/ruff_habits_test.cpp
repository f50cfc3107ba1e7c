// The command line as a ruff user's hands type it: `check --fix`,
// `--fix-only`, rule selectors in any case, prefixes and ALL, `explain` by
// slug, `--` before paths, and "did you mean" for a typo.

#include <gtest/gtest.h>
#include <llvm/Support/JSON.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_support.h"
#include "faulty_train_py.h"
#include "lf001_sample.h"
#include "registry/registry.h"
#include "rules/rule.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;

using RuffHabits = FaultyTrainPy;

constexpr const char* kFinding =
    "train.py:10:5: error[LF001] [*] `fabric.backward()` before any `fabric.setup()`; DeepSpeed "
    "(selected at line 4) raises \"No models were set up for backward\"\n";

TEST_F(RuffHabits, CheckFixIsFix) {
  Result r = lightfix(dir, "check --fix --no-cache train.py");
  EXPECT_EQ(r.exit, 0) << r.out;
  EXPECT_EQ(r.out, "Found 1 error (1 fixed, 0 remaining).\n");
  EXPECT_EQ(slurp(dir / "train.py"), kFixed);
}

TEST_F(RuffHabits, FixOnlyReportsWhatItFixedAndNothingLeft) {
  Result r = lightfix(dir, "check --fix-only --no-cache train.py");
  EXPECT_EQ(r.out, "Fixed 1 error.\n");
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(slurp(dir / "train.py"), kFixed);
  Result again = lightfix(dir, "check --fix-only --no-cache train.py");
  EXPECT_EQ(again.out, "No fixes applied.\n");
  EXPECT_EQ(again.exit, 0);
}

TEST_F(RuffHabits, SelectorsTakeAnyCasePrefixesAndAll) {
  for (const char* select : {"lf001", "LF", "lf00", "ALL", "all", "LF001,lf001"}) {
    Result r = lightfix(dir, std::string("check --output-format concise --quiet --no-cache "
                                         "--select ") +
                                 select + " train.py");
    EXPECT_EQ(r.out, kFinding) << select;
    EXPECT_EQ(r.exit, 1) << select;
  }
  for (const char* ignore : {"lf001", "LF", "lf0", "ALL"}) {
    Result r =
        lightfix(dir, std::string("check --quiet --no-cache --ignore ") + ignore + " train.py");
    EXPECT_EQ(r.exit, 0) << ignore << r.out;
  }
  Result none = lightfix(dir, "check --no-cache --select ALL --ignore all train.py");
  EXPECT_EQ(none.out, "lightfix: warning: No rule selected: --select and --ignore leave none\n");
  EXPECT_EQ(none.exit, 0);
  Result unknown = lightfix(dir, "check --select LX train.py");
  EXPECT_EQ(unknown.out, "lightfix: unknown rule code `LX` in --select\n");
  EXPECT_EQ(unknown.exit, 2);
}

TEST_F(RuffHabits, ConfigSelectorsToo) {
  std::ofstream(dir / "pyproject.toml")
      << "[tool.lightfix]\nselect = [\"lf0\"]\nper-file-ignores = {\"train.py\" = [\"lf001\"]}\n";
  EXPECT_EQ(lightfix(dir, "check --quiet --no-cache train.py").exit, 0);
  std::ofstream(dir / "pyproject.toml") << "[tool.lightfix]\nignore = [\"LF9\"]\n";
  Result r = lightfix(dir, "check --no-cache train.py");
  EXPECT_EQ(r.out, "lightfix: " + (dir / "pyproject.toml").string() +
                       ": unknown rule code `LF9` in [tool.lightfix] `ignore`\n");
  EXPECT_EQ(r.exit, 2);
}

TEST_F(RuffHabits, ExplainTakesACodeInAnyCaseOrASlug) {
  for (const char* name : {"LF001", "lf001", "backward-before-setup"}) {
    Result r = lightfix(dir, std::string("explain ") + name);
    EXPECT_EQ(r.exit, 0) << name;
    EXPECT_EQ(r.out.rfind("# LF001: backward-before-setup\n", 0), 0u) << name;
  }
  Result bad = lightfix(dir, "explain backward-after-setup");
  EXPECT_EQ(bad.out, "lightfix: unknown rule code `backward-after-setup` (see `lightfix rules`)\n");
  EXPECT_EQ(bad.exit, 2);
}

TEST_F(RuffHabits, DashDashEndsTheOptionsBeforePaths) {
  Result r = lightfix(dir, "check --output-format concise --quiet --no-cache -- train.py");
  EXPECT_EQ(r.out, kFinding);
  EXPECT_EQ(r.exit, 1);
  Result missing = lightfix(dir, "check --no-cache -- nope.py");
  EXPECT_EQ(missing.out, "lightfix: nope.py: No such file or directory\n");
  EXPECT_EQ(missing.exit, 2);
}

TEST_F(RuffHabits, ATypoGetsASuggestion) {
  Result command = lightfix(dir, "chek train.py");
  EXPECT_EQ(command.out,
            "lightfix: unknown command `chek`; did you mean `check`? (see `lightfix --help`)\n");
  EXPECT_EQ(command.exit, 2);
  Result option = lightfix(dir, "check --selct LF001 train.py");
  EXPECT_EQ(option.out,
            "lightfix: The following argument was not expected: --selct; did you mean "
            "`--select`? (see `lightfix --help`)\n");
  EXPECT_EQ(option.exit, 2);
  EXPECT_EQ(slurp(dir / "train.py"), kFaulty);
}

TEST_F(RuffHabits, RulesAsJson) {
  Result r = lightfix(dir, "rules --output-format json");
  EXPECT_EQ(r.exit, 0);
  auto rules = llvm::json::parse(r.out);
  ASSERT_TRUE(bool(rules)) << r.out;
  const llvm::json::Array* all = rules->getAsArray();
  ASSERT_TRUE(all);
  ASSERT_EQ(all->size(), lightfix::allRules().size());
  const llvm::json::Object* first = (*all)[0].getAsObject();
  EXPECT_EQ(first->getString("code"), llvm::StringRef("LF001"));
  EXPECT_EQ(first->getString("name"), llvm::StringRef("backward-before-setup"));
  EXPECT_EQ(first->getString("language"), llvm::StringRef("python"));
  EXPECT_EQ(first->getString("fix"), llvm::StringRef("fixable"));
  EXPECT_EQ(first->getString("raises"),
            llvm::StringRef(std::string(*lightfix::allRules()[0].raises)));
  EXPECT_TRUE(first->getString("explanation")->startswith("# LF001: backward-before-setup\n"));
  const llvm::json::Object* last = all->back().getAsObject();
  EXPECT_EQ(last->getString("language"), llvm::StringRef("c++"));
  EXPECT_EQ(lightfix(dir, "rules --output-format xml").exit, 2);
}

TEST_F(RuffHabits, HelpGivesDefaultsExitCodesAndWhereToReadOn) {
  for (const char* command : {"--help", "check --help", "fix --help"}) {
    Result r = lightfix(dir, command);
    EXPECT_EQ(r.exit, 0) << command;
    EXPECT_NE(r.out.find("\nExit codes: 0 nothing found (or --exit-zero), 1 findings"),
              std::string::npos)
        << command << r.out;
    EXPECT_NE(r.out.find("the command line in full: docs/cli.md."), std::string::npos) << command;
  }
  Result check = lightfix(dir, "check --help");
  EXPECT_NE(check.out.find("rdjson,rdjsonl,sarif}=full"), std::string::npos) << check.out;
  EXPECT_NE(check.out.find("{auto,always,never}=auto"), std::string::npos) << check.out;
}

TEST_F(RuffHabits, ForceExcludeAppliesToNamedFiles) {
  fs::create_directories(dir / "vendor");
  fs::rename(dir / "train.py", dir / "vendor" / "train.py");
  const std::string none =
      "lightfix: warning: No Python or C++ files found under the given paths\n";
  EXPECT_EQ(lightfix(dir, "check -q --no-cache --exclude vendor/ vendor/train.py").exit, 1);
  Result forced =
      lightfix(dir, "check --no-cache --exclude vendor/ --force-exclude vendor/train.py");
  EXPECT_EQ(forced.out, none);
  EXPECT_EQ(forced.exit, 0);
  std::ofstream(dir / "pyproject.toml")
      << "[tool.lightfix]\nexclude = [\"vendor/\"]\nforce-exclude = true\n";
  Result config = lightfix(dir, "check --no-cache vendor/train.py");
  EXPECT_EQ(config.out, none);
  EXPECT_EQ(config.exit, 0);
  std::ofstream(dir / "pyproject.toml") << "[tool.lightfix]\nforce-exclude = \"yes\"\n";
  Result bad = lightfix(dir, "check --no-cache vendor/train.py");
  EXPECT_EQ(bad.out, "lightfix: " + (dir / "pyproject.toml").string() +
                         ": [tool.lightfix] `force-exclude` must be true or false\n");
  EXPECT_EQ(bad.exit, 2);
}

TEST_F(RuffHabits, ShowFixesListsWhatWasFixed) {
  Result r = lightfix(dir, "check --fix --show-fixes --no-cache train.py");
  EXPECT_EQ(r.out,
            "Fixed 1 error:\n"
            "- train.py:\n"
            "    1 × LF001 (backward-before-setup)\n"
            "Found 1 error (1 fixed, 0 remaining).\n");
  EXPECT_EQ(r.exit, 0);
  // Nothing fixed, nothing listed.
  EXPECT_EQ(lightfix(dir, "fix --show-fixes --no-cache train.py").out, "All checks passed!\n");
}

}  // namespace
