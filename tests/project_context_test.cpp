// A file named on the command line (or stdin under --stdin-filename) is
// checked within its project: the Trainer that chooses DeepSpeed in another
// file still decides, and only the files named are reported or fixed.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_support.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;

constexpr const char* kLit =
    "import lightning as L\n"
    "\n"
    "\n"
    "class Lit(L.LightningModule):\n"
    "    def training_step(self, batch, batch_idx):\n"
    "        if batch is None:\n"
    "            return None\n"
    "        return self.layer(batch).sum()\n";

constexpr const char* kTrain =
    "import lightning as L\n"
    "\n"
    "from pkg.lit import Lit\n"
    "\n"
    "L.Trainer(strategy=\"deepspeed_stage_2\").fit(Lit())\n";

// A faulty file of its own: never reported when it is not named.
constexpr const char* kOther =
    "import lightning as L\n"
    "\n"
    "\n"
    "class Other(L.LightningModule):\n"
    "    def training_step(self, batch, batch_idx):\n"
    "        return None\n"
    "\n"
    "\n"
    "L.Trainer(strategy=\"deepspeed\").fit(Other())\n";

constexpr const char* kMessage =
    "error[LF003] `training_step` returns `None`, skipping backward; DeepSpeed (selected at ";
constexpr const char* kRaises =
    ") raises \"Skipping backward by returning `None` from your `training_step` is not "
    "supported by `DeepSpeed`\"\n";

std::string finding(const std::string& at, const std::string& selectedAt) {
  return at + ": " + kMessage + selectedAt + kRaises;
}

constexpr const char* kFooter =
    "Found 1 error.\n1 hidden fix can be enabled with the `--unsafe-fixes` option.\n";

class ProjectContext : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = lightfix::testing::freshTempDir();
    fs::create_directories(dir / ".git");  // a repository's top
    fs::create_directories(dir / "pkg");
    write("pkg/lit.py", kLit);
    write("train.py", kTrain);
    write("other.py", kOther);
  }
  void TearDown() override { fs::remove_all(dir); }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir / name, std::ios::binary) << text;
  }
  fs::path dir;
};

constexpr const char* kCheck = "check --output-format concise --no-cache ";

TEST_F(ProjectContext, ANamedFileIsCheckedWithTheTrainerInAnotherFile) {
  Result r = lightfix(dir, std::string(kCheck) + "pkg/lit.py");
  EXPECT_EQ(r.out, finding("pkg/lit.py:7:13", "train.py:5") + kFooter);
  EXPECT_EQ(r.exit, 1);
  // From below the project's root: the same project, spelt from there.
  Result below = lightfix(dir / "pkg", std::string(kCheck) + "lit.py");
  EXPECT_EQ(below.out, finding("lit.py:7:13", "../train.py:5") + kFooter);
  // Named as the walk names it: the same finding.
  Result walk = lightfix(dir, std::string(kCheck) + ".");
  EXPECT_NE(walk.out.find(finding("pkg/lit.py:7:13", "train.py:5")), std::string::npos) << walk.out;
}

TEST_F(ProjectContext, OnlyTheNamedFileIsFixed) {
  Result r = lightfix(dir, "fix --unsafe-fixes --no-cache pkg/lit.py");
  EXPECT_EQ(r.out, "Found 1 error (1 fixed, 0 remaining).\n");
  EXPECT_EQ(slurp(dir / "other.py"), kOther);
  EXPECT_EQ(slurp(dir / "train.py"), kTrain);
  EXPECT_NE(slurp(dir / "pkg/lit.py").find("* 0.0\n"), std::string::npos);
}

TEST_F(ProjectContext, StdinReplacesTheFileItStandsFor) {
  std::string fixed = kLit;
  fixed.replace(fixed.find("return None"), 11, "return batch.sum() * 0.0");
  // The buffer, not the file on disk, is checked: once, even with its
  // folder named too.
  Result clean = lightfix(dir, std::string(kCheck) + "--stdin-filename pkg/lit.py -", fixed);
  EXPECT_EQ(clean.out, "All checks passed!\n");
  EXPECT_EQ(clean.exit, 0);
  Result faulty = lightfix(dir, std::string(kCheck) + "--stdin-filename pkg/lit.py -", kLit);
  EXPECT_EQ(faulty.out, finding("pkg/lit.py:7:13", "train.py:5") + kFooter);
  Result withFolder = lightfix(dir, std::string(kCheck) + "--stdin-filename pkg/lit.py - .", fixed);
  EXPECT_EQ(withFolder.out, finding("other.py:6:9", "line 9") + kFooter);
}

TEST_F(ProjectContext, TheContextIsWhatAWalkWouldSee) {
  // Excluded, as a walk would pass them over: no Trainer chooses DeepSpeed.
  write("pyproject.toml", "[tool.lightfix]\nexclude = [\"train.py\", \"other.py\"]\n");
  Result r = lightfix(dir, std::string(kCheck) + "pkg/lit.py");
  EXPECT_EQ(r.out, "All checks passed!\n");
  EXPECT_EQ(r.exit, 0);
}

TEST_F(ProjectContext, TheCacheAnswersOnlyWhileTheContextIsUnchanged) {
  std::string check =
      "check --output-format concise --cache-dir '" + (dir / "cache").string() + "' pkg/lit.py";
  std::string expected = finding("pkg/lit.py:7:13", "train.py:5") + kFooter;
  EXPECT_EQ(lightfix(dir, check).out, expected);
  EXPECT_EQ(lightfix(dir, check).out, expected);
  std::string ddp = kTrain;
  ddp.replace(ddp.find("deepspeed_stage_2"), 17, "ddp");
  write("train.py", ddp);
  write("other.py", "");
  EXPECT_EQ(lightfix(dir, check).out, "All checks passed!\n");
}

TEST(ProjectContextConfigs, ANamedYamlConfigIsCheckedWithItsProject) {
  fs::path dir = lightfix::testing::freshTempDir();
  fs::copy(fs::path(LIGHTFIX_TESTDATA) / "projects" / "lightning_cli_yaml_fabric_only_strategy" /
               "input",
           dir, fs::copy_options::recursive);
  fs::create_directories(dir / ".git");
  // The LightningCLI in main.py makes the YAML a Trainer's config.
  Result r = lightfix(dir, std::string(kCheck) + "configs/offload.yaml");
  EXPECT_EQ(r.out,
            "configs/offload.yaml:6:13: error[LF014] `deepspeed_stage_1_offload` is a Fabric "
            "strategy name, not the Trainer's; the Trainer raises \"You selected an invalid "
            "strategy name: `strategy='deepspeed_stage_1_offload'`\"\n"
            "Found 1 error.\n1 hidden fix can be enabled with the `--unsafe-fixes` option.\n");
  EXPECT_EQ(r.exit, 1);
  // A config the run only reads for context is not reported.
  Result other = lightfix(dir, std::string(kCheck) + "model.py configs/stage2.yaml");
  EXPECT_EQ(other.out, "All checks passed!\n");
  EXPECT_EQ(other.exit, 0);
  fs::remove_all(dir);
}

}  // namespace
