// The pre-commit hooks as a user installs them: Debian's pre-commit clones
// this repository at its HEAD, reads .pre-commit-hooks.yaml and runs the
// `lightfix` on the PATH over a scratch repository holding examples/.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_support.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

TEST(PreCommit, TheHookFindsEveryFindingOfTheExamplesInOneProcess) {
  const fs::path source = fs::path(LIGHTFIX_TESTDATA).parent_path();
  Result head = shell("git -C " + quoted(source) + " rev-parse HEAD");
  ASSERT_EQ(head.exit, 0) << "the source tree is not a git repository: " << head.out;
  const std::string rev = head.out.substr(0, head.out.find('\n'));

  fs::path dir = lightfix::testing::freshTempDir();
  fs::path repo = dir / "project";
  fs::create_directories(repo);
  fs::copy(source / "examples", repo, fs::copy_options::recursive);
  std::ofstream(repo / ".pre-commit-config.yaml")
      << "repos:\n- repo: " << source.string() << "\n  rev: " << rev
      << "\n  hooks:\n  - id: lightfix\n";
  const std::string env =
      "cd " + quoted(repo) + " && export PRE_COMMIT_HOME=" + quoted(dir / "pre-commit-home") +
      " PATH=" + quoted(fs::path(LIGHTFIX_BINARY).parent_path()) + ":\"$PATH\" && ";
  ASSERT_EQ(shell(env + "git init -q && git add -A").exit, 0);

  Result r = shell(env + "pre-commit run --all-files --color never");
  EXPECT_EQ(r.exit, 1) << r.out;
  // All six, counted once: the LF003s of lit_classifier.py need
  // train_classifier.py, which chooses DeepSpeed, in the same process.
  EXPECT_NE(r.out.find("\nFound 6 errors.\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Found", r.out.find("Found") + 1), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("All checks passed!"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("lit_classifier.py:37:13: error[LF003]"), std::string::npos) << r.out;
  fs::remove_all(dir);
}

}  // namespace
