// The GitHub Action (action.yml) and the workflow of docs/integrations/ that
// uses it: valid by a real validator (@action-validator/cli, from npm), and
// the action's steps, run here, install the wheel and report on a copy of
// examples/ as each step says.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_support.h"
#include "lf001_sample.h"
#include "test_support.h"
#include "wheel_support.h"

namespace {

namespace fs = std::filesystem;

const fs::path kSource = fs::path(LIGHTFIX_TESTDATA).parent_path();
const fs::path kWorkflow = kSource / "docs" / "integrations" / "github-workflow.yml";

fs::path validator() { return kSource / "node_modules" / ".bin" / "action-validator"; }

TEST(GithubWorkflow, AWorkflowValidatorAcceptsIt) {
  Result r = shell("'" + validator().string() + "' '" + kWorkflow.string() + "'");
  EXPECT_EQ(r.exit, 0) << r.out;
}

TEST(GithubAction, AnActionValidatorAcceptsIt) {
  Result r = shell("'" + validator().string() + "' '" + (kSource / "action.yml").string() + "'");
  EXPECT_EQ(r.exit, 0) << r.out;
}

// The workflow's use of the action, its steps run here as a runner would
// (tests/run_action.py), the wheel installed by pip from a folder as it
// would be from PyPI.
TEST(GithubAction, InstallsTheWheelThenScansSummarisesAndAnnotates) {
  fs::path dir = lightfix::testing::freshTempDir();
  fs::path wheel = buildWheel(dir / "dist");
  ASSERT_FALSE(wheel.empty());
  fs::path work = dir / "work";
  fs::copy(kSource / "examples", work, fs::copy_options::recursive);
  // lightfix's own clone is not the project's: excluded, its files are never reported.
  fs::create_directories(work / ".lightfix");
  std::ofstream(work / ".lightfix" / "train.py") << kFaulty;
  fs::create_directories(dir / "runner");
  std::ofstream(dir / "github_path").close();
  Result r = shell("cd '" + work.string() + "' && GITHUB_PATH='" + (dir / "github_path").string() +
                   "' RUNNER_TEMP='" + (dir / "runner").string() + "' GITHUB_STEP_SUMMARY='" +
                   (dir / "summary.md").string() + "' PIP_NO_INDEX=1 /usr/bin/python3 '" +
                   (kSource / "tests" / "run_action.py").string() + "' '" +
                   (kSource / "action.yml").string() + "' --uses-in '" + kWorkflow.string() +
                   "' package='" + wheel.string() + "'");
  // The last step fails the job: six annotations, and nothing else printed
  // but the steps' names.
  EXPECT_EQ(r.exit, 1) << r.out;
  size_t count = 0;
  for (size_t at = r.out.find("\n::error file="); at != std::string::npos;
       at = r.out.find("\n::error file=", at + 1))
    ++count;
  EXPECT_EQ(count, 6u) << r.out;
  EXPECT_EQ(r.out.find(".lightfix"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("help:"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.rfind("== Install lightfix\n== Code scanning report\n"
                        "== Upload to code scanning: uses github/codeql-action/upload-sarif@v3\n"
                        "== Summary\n== Check\n",
                        0),
            0u)
      << r.out;
  // SARIF for code scanning; the summary, a Markdown table.
  EXPECT_NE(slurp(work / "lightfix.sarif").find("\"version\": \"2.1.0\""), std::string::npos);
  EXPECT_EQ(
      slurp(dir / "summary.md")
          .rfind("| repository | files | LF001 | LF002 | LF003 | fixable | left for a person |\n",
                 0),
      0u)
      << slurp(dir / "summary.md");
  fs::remove_all(dir);
}

}  // namespace
