// The GitHub Actions recipe of docs/integrations/: valid by a real workflow
// validator (@action-validator/cli, from npm), and each lightfix command it
// runs does what its step says on a copy of examples/.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.h"
#include "lf001_sample.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;

const fs::path kSource = fs::path(LIGHTFIX_TESTDATA).parent_path();
const fs::path kWorkflow = kSource / "docs" / "integrations" / "github-workflow.yml";

// The commands of its `run: lightfix …` steps, in order.
std::vector<std::string> lightfixSteps() {
  std::vector<std::string> steps;
  std::istringstream in(slurp(kWorkflow));
  const std::string run = "run: lightfix ";
  for (std::string line; std::getline(in, line);)
    if (size_t at = line.find(run); at != std::string::npos)
      steps.push_back(line.substr(at + run.size()));
  return steps;
}

TEST(GithubWorkflow, AWorkflowValidatorAcceptsIt) {
  Result r = shell("'" + (kSource / "node_modules" / ".bin" / "action-validator").string() + "' '" +
                   kWorkflow.string() + "'");
  EXPECT_EQ(r.exit, 0) << r.out;
}

TEST(GithubWorkflow, ItsStepsAnnotateUploadAndSummarise) {
  std::vector<std::string> steps = lightfixSteps();
  ASSERT_EQ(steps.size(), 3u);
  fs::path dir = lightfix::testing::freshTempDir();
  fs::copy(kSource / "examples", dir, fs::copy_options::recursive);
  fs::create_directories(dir / ".lightfix" / "build");  // where the workflow builds lightfix
  // lightfix's own clone is not the project's: excluded, its files are never reported.
  std::ofstream(dir / ".lightfix" / "train.py") << kFaulty;
  const std::string summary = (dir / "summary.md").string();
  // Each step as the workflow runs it, with `--no-cache` after its subcommand.
  // Annotations, failing the job: the six findings of examples/.
  std::string check = steps[0];
  Result annotations = lightfix(dir, check.insert(check.find(' '), " --no-cache"));
  EXPECT_EQ(annotations.exit, 1) << annotations.out;
  size_t count = 0;
  for (size_t at = annotations.out.find("::error file="); at != std::string::npos;
       at = annotations.out.find("::error file=", at + 1))
    ++count;
  EXPECT_EQ(count, 6u) << annotations.out;
  EXPECT_EQ(annotations.out.find(".lightfix"), std::string::npos) << annotations.out;
  // SARIF for code scanning, never failing the step.
  std::string sarif = steps[1];
  EXPECT_EQ(lightfix(dir, sarif.insert(sarif.find(' '), " --no-cache")).exit, 0);
  EXPECT_NE(slurp(dir / "lightfix.sarif").find("\"version\": \"2.1.0\""), std::string::npos);
  // The summary: a Markdown table in the file GitHub shows.
  std::string table = steps[2];
  size_t quoted = table.find("\"$GITHUB_STEP_SUMMARY\"");
  ASSERT_NE(quoted, std::string::npos) << table;
  table.replace(quoted, 22, "'" + summary + "'");
  EXPECT_EQ(lightfix(dir, table.insert(table.find(' '), " --no-cache")).exit, 0);
  EXPECT_EQ(
      slurp(summary).rfind(
          "| repository | files | LF001 | LF002 | LF003 | fixable | left for a person |\n", 0),
      0u)
      << slurp(summary);
  fs::remove_all(dir);
}

}  // namespace
