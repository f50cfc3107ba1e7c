// The pre-commit hooks as a user installs them: Debian's pre-commit clones
// this repository at its HEAD, reads .pre-commit-hooks.yaml, installs the
// hooks' virtualenv (pyproject.toml, and the lightfix wheel it pins, found
// offline in a folder as pip would find it on PyPI) and runs its lightfix
// over a scratch repository holding examples/.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_support.h"
#include "test_support.h"
#include "wheel_support.h"

namespace {

namespace fs = std::filesystem;

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

// A scratch repository of examples/, committed, whose .pre-commit-config.yaml
// names this repository's hook `id` at its HEAD, with the hook installed;
// `env` starts each shell command in it.
class PreCommit : public ::testing::Test {
 protected:
  void use(const std::string& id) {
    const fs::path source = fs::path(LIGHTFIX_TESTDATA).parent_path();
    Result head = shell("git -C " + quoted(source) + " rev-parse HEAD");
    ASSERT_EQ(head.exit, 0) << "the source tree is not a git repository: " << head.out;
    const std::string rev = head.out.substr(0, head.out.find('\n'));
    dir = lightfix::testing::freshTempDir();
    repo = dir / "project";
    fs::create_directories(repo);
    fs::copy(source / "examples", repo, fs::copy_options::recursive);
    std::ofstream(repo / ".pre-commit-config.yaml")
        << "repos:\n- repo: " << source.string() << "\n  rev: " << rev
        << "\n  hooks:\n  - id: " << id << "\n";
    // The wheel where pip looks, beside Debian's setuptools for building the
    // hooks' own package; and no lightfix on the PATH but the virtualenv's.
    fs::path dist = dir / "dist";
    ASSERT_FALSE(buildWheel(dist).empty());
    env = "cd " + quoted(repo) + " && export PRE_COMMIT_HOME=" + quoted(dir / "pre-commit-home") +
          " PIP_NO_INDEX=1 PIP_FIND_LINKS=\"" + dist.string() +
          " /usr/share/python-wheels\" GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t " +
          "GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t && ";
    ASSERT_EQ(shell(env + "git init -q && git add -A && git commit -q -m examples").exit, 0);
    ASSERT_EQ(shell(env + "pre-commit install").exit, 0);
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir);
  }
  fs::path dir, repo;
  std::string env;
};

TEST_F(PreCommit, TheHookFindsEveryFindingOfTheExamplesInOneProcess) {
  use("lightfix");
  Result r = shell(env + "pre-commit run --all-files --color never");
  EXPECT_EQ(r.exit, 1) << r.out;
  EXPECT_EQ(
      shell("find " + quoted(dir / "pre-commit-home") + " -path '*/bin/lightfix' | wc -l").out,
      "1\n");  // the hooks' virtualenv holds the wheel's binary
  // All six, counted once: the LF003s of lit_classifier.py need
  // train_classifier.py, which chooses DeepSpeed, in the same process.
  EXPECT_NE(r.out.find("\nFound 6 errors.\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Found", r.out.find("Found") + 1), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("All checks passed!"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("lit_classifier.py:37:13: error[LF003]"), std::string::npos) << r.out;

  // A commit of one staged change: the hook names lit_classifier.py alone,
  // and train_classifier.py, not staged, still chooses DeepSpeed for it.
  std::ofstream(repo / "lit_classifier.py", std::ios::app) << "# one more line\n";
  Result commit = shell(env + "git add lit_classifier.py && git commit -m change");
  EXPECT_NE(commit.exit, 0) << commit.out;
  EXPECT_NE(commit.out.find("\nFound 3 errors.\n"), std::string::npos) << commit.out;
  for (const char* at :
       {"lit_classifier.py:37:13: error[LF003]", "lit_classifier.py:42:13: error[LF003]",
        "lit_classifier.py:45:13: error[LF003]"})
    EXPECT_NE(commit.out.find(at), std::string::npos) << at << "\n" << commit.out;
  EXPECT_EQ(shell(env + "git log --oneline | wc -l").out, "1\n");  // the commit was refused
}

// lightfix-fix on a commit of one staged file: the safe fixes are written,
// and pre-commit refuses the commit because the hook changed the file, as
// with ruff's fixing hook; committed again, it passes.
TEST_F(PreCommit, TheFixHookAppliesTheSafeFixesToTheStagedFile) {
  use("lightfix-fix");
  std::ofstream(repo / "gan_deepspeed.py", std::ios::app) << "# one more line\n";
  Result commit = shell(env + "git add gan_deepspeed.py && git commit -m change");
  EXPECT_NE(commit.exit, 0) << commit.out;
  EXPECT_NE(commit.out.find("files were modified by this hook"), std::string::npos) << commit.out;
  std::string fixed = slurp(repo / "gan_deepspeed.py");
  EXPECT_NE(fixed.find("fabric.backward(errD, model=netD)"), std::string::npos) << fixed;
  EXPECT_NE(fixed.find("fabric.backward(errG, model=netG)"), std::string::npos) << fixed;
  Result again = shell(env + "git add gan_deepspeed.py && git commit -m change");
  EXPECT_EQ(again.exit, 0) << again.out;
  EXPECT_EQ(shell(env + "git log --oneline | wc -l").out, "2\n");
}

}  // namespace
