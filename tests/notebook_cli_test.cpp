// Jupyter notebooks from the command line: code cells checked as one
// module, findings and diffs naming the cell, fixes written back into the
// notebook's JSON, and a notebook that cannot be read an error, never a pass.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_support.h"
#include "small_notebook.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;

constexpr const char* kFinding =
    "small.ipynb:cell 4:4:5: error[LF002] [*] `fabric.backward()` without `model=` after 2 "
    "models were set up; DeepSpeed (selected at cell 2, line 5) raises \"When using multiple "
    "models + deepspeed, please provide the model used to perform the optimization\"\n";

class NotebookCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = lightfix::testing::freshTempDir();
    std::ofstream(dir / "small.ipynb", std::ios::binary) << kSmallNotebook;
  }
  void TearDown() override { fs::remove_all(dir); }
  fs::path dir;
};

std::string fixedNotebook() {
  std::string fixed = kSmallNotebook;
  const std::string line = "\"    fabric.backward(errD)\\n\"";
  fixed.replace(fixed.find(line), line.size(), "\"    fabric.backward(errD, model=netD)\\n\"");
  return fixed;
}

TEST_F(NotebookCli, FindingsNameTheCell) {
  Result r = lightfix(dir, "check --output-format concise --no-cache small.ipynb");
  EXPECT_EQ(r.out, std::string(kFinding) + "Found 1 error.\n[*] 1 fixable with `lightfix fix`.\n");
  EXPECT_EQ(r.exit, 1);
  // A walk finds notebooks too.
  Result walk = lightfix(dir, "check --output-format concise --quiet --no-cache .");
  EXPECT_EQ(walk.out, kFinding);
}

TEST_F(NotebookCli, AFixChangesOnlyItsLineOfTheJson) {
  Result r = lightfix(dir, "fix --no-cache small.ipynb");
  EXPECT_EQ(r.out, "Found 1 error (1 fixed, 0 remaining).\n");
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(slurp(dir / "small.ipynb"), fixedNotebook());
}

TEST_F(NotebookCli, DiffShowsTheCellAndItsMagics) {
  Result r = lightfix(dir, "fix --diff --no-cache small.ipynb");
  EXPECT_EQ(r.out,
            "--- a/small.ipynb:cell 4\n"
            "+++ b/small.ipynb:cell 4\n"
            "@@ -1,5 +1,5 @@\n"
            " for step in range(10):\n"
            "     errD = netD(netG(torch.randn(8, 4))).mean()\n"
            "     %time optD.zero_grad()\n"
            "-    fabric.backward(errD)\n"
            "+    fabric.backward(errD, model=netD)\n"
            "     optD.step()\n"
            "\\ No newline at end of file\n"
            "Would fix 1 error.\n");
  EXPECT_EQ(slurp(dir / "small.ipynb"), kSmallNotebook);
}

TEST_F(NotebookCli, StdinIsANotebookByItsName) {
  Result check = lightfix(dir,
                          "check --output-format concise --quiet --no-cache --stdin-filename "
                          "small.ipynb -",
                          kSmallNotebook);
  EXPECT_EQ(check.out, kFinding);
  Result fix =
      lightfix(dir, "fix --quiet --no-cache --stdin-filename small.ipynb -", kSmallNotebook);
  EXPECT_EQ(fix.out, fixedNotebook());
}

TEST_F(NotebookCli, ANotebookThatCannotBeReadIsAnError) {
  std::ofstream(dir / "bad.ipynb", std::ios::binary) << "{\"cells\": 3}";
  Result r = lightfix(dir, "check --no-cache bad.ipynb");
  EXPECT_EQ(r.out, "lightfix: bad.ipynb: cannot read notebook: not a notebook: no `cells` list\n");
  EXPECT_EQ(r.exit, 2);
}

}  // namespace
