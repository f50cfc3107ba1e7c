// The CLI contract, through the real binary: exit codes, formats, stdin,
// selection, suppression, and the dry-run diff against git apply.

#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>
#include "cli_support.h"
#include "config/config.h"
#include "lf001_sample.h"
#include "registry/registry.h"
#include "rules/rule.h"
#include "test_support.h"

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = lightfix::testing::freshTempDir();
    std::ofstream(dir / "train.py", std::ios::binary) << kFaulty;
    std::ofstream(dir / "clean.py", std::ios::binary) << "import lightning as L\nx = 1\n";
  }
  void TearDown() override { fs::remove_all(dir); }
  fs::path dir;
};

TEST_F(Cli, ExitCodes) {
  EXPECT_EQ(lightfix(dir, "check clean.py").exit, 0);
  EXPECT_EQ(lightfix(dir, "check clean.py").out, "All checks passed!\n");
  EXPECT_EQ(lightfix(dir, "check train.py").exit, 1);
  EXPECT_EQ(lightfix(dir, "check --exit-zero train.py").exit, 0);
  Result bad = lightfix(dir, "check --no-such-flag train.py");
  EXPECT_EQ(bad.exit, 2);
  EXPECT_EQ(std::count(bad.out.begin(), bad.out.end(), '\n'), 1) << bad.out;
  Result missing = lightfix(dir, "check nope.py");
  EXPECT_EQ(missing.exit, 2);
  EXPECT_NE(missing.out.find("nope.py"), std::string::npos);
}

TEST_F(Cli, NothingCheckedIsNeverAllClear) {
  fs::create_directories(dir / "docs");
  std::ofstream(dir / "docs" / "notes.txt") << "no Python here\n";
  Result empty = lightfix(dir, "check docs");
  EXPECT_EQ(empty.out, "lightfix: warning: No Python or C++ files found under the given paths\n");
  EXPECT_EQ(empty.exit, 0);
  EXPECT_EQ(lightfix(dir, "fix docs").out, empty.out);
  Result missing = lightfix(dir, "check nope.py");
  EXPECT_EQ(missing.out, "lightfix: nope.py: No such file or directory\n");
  // A path that cannot be read spoils the all-clear of the others.
  Result partly = lightfix(dir, "check clean.py nope.py");
  EXPECT_EQ(partly.out, "lightfix: nope.py: No such file or directory\n");
  EXPECT_EQ(partly.exit, 2);
}

TEST_F(Cli, ConciseReportAndFixableMark) {
  Result r = lightfix(dir, "check --output-format concise --quiet train.py");
  EXPECT_EQ(
      r.out,
      "train.py:10:5: error[LF001] [*] `fabric.backward()` before any `fabric.setup()`; DeepSpeed "
      "(selected at line 4) raises \"No models were set up for backward\"\n");
}

TEST_F(Cli, FixWritesTheFixAndReportsIt) {
  Result r = lightfix(dir, "fix train.py");
  EXPECT_EQ(r.exit, 0) << r.out;
  EXPECT_EQ(slurp(dir / "train.py"), kFixed);
  EXPECT_NE(r.out.find("1 fixed, 0 remaining"), std::string::npos) << r.out;
  EXPECT_EQ(lightfix(dir, "check train.py").exit, 0);
}

TEST_F(Cli, DiffIsADryRunThatGitApplyAccepts) {
  Result r = lightfix(dir, "check --diff train.py");
  EXPECT_EQ(r.exit, 1);
  EXPECT_EQ(slurp(dir / "train.py"), kFaulty);
  std::string diff = r.out.substr(0, r.out.find("Would fix"));
  std::ofstream(dir / "fix.diff") << diff;
  ASSERT_EQ(std::system(("cd '" + dir.string() + "' && git apply fix.diff").c_str()), 0) << diff;
  EXPECT_EQ(slurp(dir / "train.py"), kFixed);
}

TEST_F(Cli, ConfigFixesShowInTheDiffOfEachConfig) {
  // Two configs, the second without a fix: the first's diff is kept.
  fs::create_directories(dir / "proj/configs");
  std::ofstream(dir / "proj/main.py") << "from lightning.pytorch.cli import LightningCLI\n";
  std::ofstream(dir / "proj/configs/a.yaml") << "trainer:\n  strategy: deepspeed_stage_1_offload\n";
  std::ofstream(dir / "proj/configs/b.yaml") << "trainer:\n  strategy: deepspeed_stage_2\n";
  // The fix offloads: it is unsafe (the optimizer may have to change too).
  Result r = lightfix(dir / "proj", "check --diff --unsafe-fixes --no-cache .");
  EXPECT_EQ(r.exit, 1);
  EXPECT_EQ(r.out,
            "--- a/configs/a.yaml\n+++ b/configs/a.yaml\n@@ -1,2 +1,2 @@\n trainer:\n"
            "-  strategy: deepspeed_stage_1_offload\n"
            "+  strategy: {class_path: lightning.pytorch.strategies.DeepSpeedStrategy, init_args: "
            "{stage: 1, offload_optimizer: true}}\nWould fix 1 error.\n");
}

TEST_F(Cli, StdinIsReportedUnderItsGivenName) {
  Result r =
      lightfix(dir, "check --output-format concise --quiet --stdin-filename pkg/t.py -", kFaulty);
  EXPECT_EQ(r.out.rfind("pkg/t.py:10:5: error[LF001]", 0), 0u) << r.out;
  Result fixed = lightfix(dir, "fix -", kFaulty);
  EXPECT_EQ(fixed.out, kFixed);
}

TEST_F(Cli, SelectIgnoreAndSuppression) {
  EXPECT_EQ(lightfix(dir, "check --select LF002,LF003 train.py").exit, 0);
  EXPECT_EQ(lightfix(dir, "check --ignore LF001 train.py").exit, 0);
  EXPECT_EQ(lightfix(dir, "check --select LF999 train.py").exit, 2);
  std::string text = kFaulty;
  std::string noqa = text;
  noqa.replace(noqa.find("fabric.backward(loss)\n"), 22, "fabric.backward(loss)  # noqa: LF001\n");
  std::ofstream(dir / "noqa.py") << noqa;
  EXPECT_EQ(lightfix(dir, "check noqa.py").exit, 0);
  std::string other = text;
  other.replace(other.find("fabric.backward(loss)\n"), 22, "fabric.backward(loss)  # noqa: E501\n");
  std::ofstream(dir / "other.py") << other;
  EXPECT_EQ(lightfix(dir, "check other.py").exit, 1);
  std::ofstream(dir / "skip.py") << "# lightfix: skip-file\n" << text;
  EXPECT_EQ(lightfix(dir, "check skip.py").exit, 0);
}

std::string str(const llvm::json::Object* o, llvm::StringRef key) {
  auto v = o ? o->getString(key) : llvm::None;
  return v ? v->str() : std::string("<missing>");
}
int64_t num(const llvm::json::Object* o, llvm::StringRef key) {
  auto v = o ? o->getInteger(key) : llvm::None;
  return v ? *v : -1;
}

TEST_F(Cli, JsonFollowsRuffsSchema) {
  Result r = lightfix(dir, "check --output-format json train.py");
  auto parsed = llvm::json::parse(r.out);
  ASSERT_TRUE(bool(parsed)) << r.out;
  const llvm::json::Array* all = parsed->getAsArray();
  ASSERT_TRUE(all && all->size() == 1);
  const llvm::json::Object* f = (*all)[0].getAsObject();
  EXPECT_EQ(str(f, "code"), "LF001");
  EXPECT_EQ(str(f, "severity"), "error");
  EXPECT_EQ(str(f, "filename"), "train.py");
  EXPECT_EQ(num(f->getObject("location"), "row"), 10);
  EXPECT_EQ(num(f->getObject("location"), "column"), 5);
  EXPECT_EQ(num(f->getObject("end_location"), "column"), 26);
  const llvm::json::Object* fix = f->getObject("fix");
  ASSERT_NE(fix, nullptr);
  EXPECT_EQ(str(fix, "applicability"), "safe");
  const llvm::json::Array* edits = fix->getArray("edits");
  ASSERT_TRUE(edits && edits->size() == 1);
  EXPECT_EQ(str((*edits)[0].getAsObject(), "content"),
            "\nmodel, optimizer = fabric.setup(model, optimizer)");
  // A build that names no published docs (LIGHTFIX_DOCS_URL) links nowhere.
  ASSERT_TRUE(f->get("url"));
  EXPECT_EQ(f->get("url")->kind(), llvm::json::Value::Null);
}

TEST_F(Cli, ASyntaxErrorIsReportedAndTheFileLeftAlone) {
  const std::string broken = "import lightning as L\ndef f(:\n    fabric.backward(x)\n";
  std::ofstream(dir / "broken.py") << broken;
  Result r = lightfix(dir, "fix --output-format concise .");
  EXPECT_NE(r.out.find("broken.py:2:7: SyntaxError"), std::string::npos) << r.out;
  EXPECT_EQ(slurp(dir / "broken.py"), broken);
  EXPECT_EQ(slurp(dir / "train.py"), kFixed);  // the other file is still fixed
}

// A broken script beside the training code, which nothing joins to
// Lightning, is none of lightfix's business: not read as Python, no error.
TEST_F(Cli, AFileNoImportJoinsToLightningIsNotParsed) {
  std::ofstream(dir / "legacy.py") << "import sys\ndef f(:\n    fabric.backward(x)\n";
  Result r = lightfix(dir, "check --output-format concise legacy.py");
  EXPECT_EQ(r.exit, 0) << r.out;
  EXPECT_EQ(r.out, "All checks passed!\n");
  // Joined to a file importing Lightning, it is read, and its error shown.
  std::ofstream(dir / "train.py") << "import lightning as L\nimport legacy\n";
  r = lightfix(dir, "check --output-format concise .");
  EXPECT_NE(r.out.find("legacy.py:2:7: SyntaxError"), std::string::npos) << r.out;
}

TEST_F(Cli, GithubAnnotationsEscapeAsGithubRequires) {
  std::ofstream(dir / "a,b:c.py") << kFaulty;
  Result r = lightfix(dir, "check --output-format github a,b:c.py");
  EXPECT_EQ(r.out.rfind("::error file=a%2Cb%3Ac.py,line=10,endLine=10,col=5,endColumn=26,"
                        "title=lightfix LF001::`fabric.backward()` before any",
                        0),
            0u)
      << r.out;
}

TEST_F(Cli, JunitIsWellFormedXml) {
  std::ofstream(dir / "x&y.py") << kFaulty;
  Result r = lightfix(dir, "check --output-format junit .");
  std::ofstream(dir / "out.xml") << r.out;
  EXPECT_EQ(std::system(("xmllint --noout '" + (dir / "out.xml").string() + "'").c_str()), 0)
      << r.out;
  EXPECT_NE(r.out.find("<testsuite name=\"x&amp;y.py\" tests=\"1\""), std::string::npos) << r.out;
}

TEST_F(Cli, SarifAndReviewdogCarryTheFix) {
  auto sarif = llvm::json::parse(lightfix(dir, "check --output-format sarif train.py").out);
  ASSERT_TRUE(bool(sarif));
  const llvm::json::Object* run = (*sarif->getAsObject()->getArray("runs"))[0].getAsObject();
  EXPECT_EQ(run->getObject("tool")->getObject("driver")->getArray("rules")->size(),
            lightfix::allRules().size());
  const llvm::json::Object* result = (*run->getArray("results"))[0].getAsObject();
  EXPECT_EQ(str(result, "ruleId"), "LF001");
  EXPECT_EQ(str(result, "level"), "error");
  const llvm::json::Object* change =
      (*(*result->getArray("fixes"))[0].getAsObject()->getArray("artifactChanges"))[0]
          .getAsObject();
  const llvm::json::Object* replacement = (*change->getArray("replacements"))[0].getAsObject();
  EXPECT_EQ(num(replacement->getObject("deletedRegion"), "startLine"), 7);
  EXPECT_EQ(str(replacement->getObject("insertedContent"), "text"),
            "\nmodel, optimizer = fabric.setup(model, optimizer)");

  Result rd = lightfix(dir, "check --output-format rdjsonl train.py");
  auto line = llvm::json::parse(rd.out.substr(0, rd.out.find('\n')));
  ASSERT_TRUE(bool(line)) << rd.out;
  const llvm::json::Array* suggestions = line->getAsObject()->getArray("suggestions");
  ASSERT_TRUE(suggestions && suggestions->size() == 1);
  EXPECT_EQ(str((*suggestions)[0].getAsObject(), "text"),
            "\nmodel, optimizer = fabric.setup(model, optimizer)");
}

// A real validator: ajv with the official SARIF 2.1.0 schema (pinned in
// package.json) accepts the output, and rejects it without the tool's name.
TEST_F(Cli, SarifPassesTheOfficialSchema) {
  const std::string modules = LIGHTFIX_NODE_MODULES;
  auto validate = [&](const std::string& file) {
    std::string cmd = "'" + modules + "/.bin/ajv' validate --spec=draft2020 --strict=false -c '" +
                      modules + "/ajv-formats' -s '" + modules +
                      "/@microsoft/sarif-multitool-linux/sarif-2.1.0.json' -d '" +
                      (dir / file).string() + "' >/dev/null 2>&1";
    return std::system(cmd.c_str());
  };
  std::string sarif = lightfix(dir, "check --output-format sarif --exit-zero train.py").out;
  std::ofstream(dir / "out.json") << sarif;
  EXPECT_EQ(validate("out.json"), 0) << sarif;
  std::string broken = sarif;
  broken.erase(broken.find("\"name\": \"lightfix\","),
               std::string("\"name\": \"lightfix\",").size());
  std::ofstream(dir / "broken.json") << broken;
  EXPECT_NE(validate("broken.json"), 0) << broken;
}

// The real consumer: clang-apply-replacements applies the export to what
// `lightfix fix` writes.
TEST_F(Cli, ExportedFixesApplyWithClangApplyReplacements) {
  fs::create_directories(dir / "fixes");
  EXPECT_EQ(lightfix(dir, "check --exit-zero -q --export-fixes fixes/train.yaml train.py").exit, 0);
  ASSERT_EQ(std::system(("cd '" + dir.string() + "' && clang-apply-replacements fixes").c_str()),
            0);
  EXPECT_EQ(slurp(dir / "train.py"), kFixed);
}

TEST_F(Cli, ExcludeSkipsMatchingPaths) {
  fs::create_directories(dir / "vendor/lib");
  std::ofstream(dir / "vendor/lib/copy.py") << kFaulty;
  Result all = lightfix(dir, "check --output-format concise -q .");
  EXPECT_NE(all.out.find("vendor/lib/copy.py"), std::string::npos) << all.out;
  Result some = lightfix(dir, "check --output-format concise -q --exclude vendor/ .");
  EXPECT_EQ(some.out.find("vendor/"), std::string::npos) << some.out;
  EXPECT_NE(some.out.find("train.py"), std::string::npos) << some.out;
}

TEST_F(Cli, BatchReportHasARowPerRepository) {
  fs::create_directories(dir / "fleet/a");
  fs::create_directories(dir / "fleet/b");
  std::ofstream(dir / "fleet/a/train.py") << kFaulty;
  std::ofstream(dir / "fleet/b/clean.py") << "x = 1\n";
  lightfix(dir, "fix -q --report report.md fleet/a fleet/b");
  // A column for each rule found: LF001, found and fixed in fleet/a.
  EXPECT_EQ(slurp(dir / "report.md"),
            "| repository | files | LF001 | fixed | left for a person |\n"
            "|---|---:|---:|---:|---|\n"
            "| fleet/a | 1 | 1 | 1 | 0 |\n"
            "| fleet/b | 1 | 0 | 0 | 0 |\n"
            "| **total** | 2 | 1 | 1 | 0 |\n");
  // A check counts what `fix` would fix as fixable, not left for a person.
  std::ofstream(dir / "fleet/a/train.py") << kFaulty;
  lightfix(dir, "check -q --exit-zero --report report.md fleet/a");
  EXPECT_EQ(slurp(dir / "report.md"),
            "| repository | files | LF001 | fixable | left for a person |\n"
            "|---|---:|---:|---:|---|\n"
            "| fleet/a | 1 | 1 | 1 | 0 |\n"
            "| **total** | 1 | 1 | 1 | 0 |\n");
  lightfix(dir, "check -q --exit-zero --report report.json fleet/a fleet/b");
  auto json = llvm::json::parse(slurp(dir / "report.json"));
  ASSERT_TRUE(bool(json));
  EXPECT_EQ(json->getAsArray()->size(), 2u);
}

TEST_F(Cli, AMalformedPyprojectIsAUsageError) {
  std::ofstream(dir / "pyproject.toml") << "[tool.lightfix]\nignore = [\n";
  Result r = lightfix(dir, "check train.py");
  EXPECT_EQ(r.exit, 2);
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  EXPECT_NE(r.out.find("pyproject.toml"), std::string::npos) << r.out;
  std::ofstream(dir / "pyproject.toml") << "[tool.lightfix]\nignore = [\"LF001\"]\n";
  EXPECT_EQ(lightfix(dir, "check train.py").exit, 0);
  EXPECT_EQ(lightfix(dir, "check --config nope.toml train.py").exit, 2);
}

TEST_F(Cli, RulesAndExplain) {
  Result rules = lightfix(dir, "rules");
  EXPECT_EQ(rules.exit, 0);
  EXPECT_NE(
      rules.out.find("LF001  backward-before-setup                  fix    `fabric.backward()`"),
      std::string::npos)
      << rules.out;
  EXPECT_NE(rules.out.find("LF018  deepspeed-needs-cuda                   report "),
            std::string::npos)
      << rules.out;
  EXPECT_EQ(static_cast<size_t>(std::count(rules.out.begin(), rules.out.end(), '\n')),
            lightfix::allRules().size());
  Result explain = lightfix(dir, "explain LF003");
  EXPECT_EQ(explain.exit, 0);
  EXPECT_EQ(explain.out.rfind("# LF003: training-step-returns-none", 0), 0u) << explain.out;
  EXPECT_EQ(lightfix(dir, "explain LF999").exit, 2);
}

}  // namespace

namespace {

// A file above --max-file-size (or the config's max-file-size) is not read:
// a notice names it, the others are checked, the exit code is theirs.
TEST(MaxFileSize, ALargerFileIsSkippedWithANotice) {
  fs::path dir = lightfix::testing::freshTempDir();
  std::ofstream(dir / "big.py", std::ios::binary) << kFaulty << std::string(2048, '#') << "\n";
  std::ofstream(dir / "small.py", std::ios::binary) << kFaulty;
  Result r = lightfix(dir, "check --output-format concise -q --max-file-size 1KB .");
  EXPECT_EQ(r.exit, 1) << r.out;
  EXPECT_NE(r.out.find("lightfix: notice: big.py: not checked: 2.3 KB is above the 1.0 KB limit "
                       "(max-file-size)\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("small.py:10:5: error[LF001]"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("big.py:"), r.out.find("big.py: not checked")) << r.out;

  std::ofstream(dir / "pyproject.toml") << "[tool.lightfix]\nmax-file-size = 1024\n";
  Result config = lightfix(dir, "check --output-format concise -q .");
  EXPECT_NE(config.out.find("notice: big.py: not checked"), std::string::npos) << config.out;
  EXPECT_EQ(lightfix(dir, "check -q --max-file-size 0 .").out.find("notice"), std::string::npos);

  EXPECT_EQ(lightfix(dir, "check --max-file-size 10XB .").exit, 2);
  std::ofstream(dir / "pyproject.toml") << "[tool.lightfix]\nmax-file-size = \"big\"\n";
  Result bad = lightfix(dir, "check .");
  EXPECT_EQ(bad.exit, 2);
  EXPECT_NE(bad.out.find("[tool.lightfix] `max-file-size` must be a size"), std::string::npos)
      << bad.out;
  fs::remove_all(dir);
}

TEST(MaxFileSize, SizesParse) {
  using lightfix::parseByteSize;
  EXPECT_EQ(parseByteSize("2048"), 2048u);
  EXPECT_EQ(parseByteSize("10MB"), 10u << 20);
  EXPECT_EQ(parseByteSize("512kb"), 512u << 10);
  EXPECT_EQ(parseByteSize("1GiB"), 1u << 30);
  EXPECT_EQ(parseByteSize("0"), 0u);
  EXPECT_FALSE(parseByteSize("MB"));
  EXPECT_FALSE(parseByteSize("10 MB"));
  EXPECT_FALSE(parseByteSize("99999999999999999999"));
}

}  // namespace
