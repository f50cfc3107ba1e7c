// What other tools read of lightfix's output: reviewdog's byte columns,
// SARIF's column kind, clang-apply-replacements run from anywhere, and
// colour as the flags and the environment ask for it.

#include <gtest/gtest.h>
#include <llvm/Support/JSON.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli_support.h"
#include "faulty_train_py.h"
#include "lf001_sample.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;

using OutputFormats = FaultyTrainPy;

// `ß` is one character and two bytes before the finding on its line.
std::string withSharpS() {
  std::string text = kFaulty;
  text.replace(text.find("    fabric.backward(loss)"), 4, "    ß = 1; ");
  return text;
}

TEST_F(OutputFormats, ReviewdogColumnsCountUtf8Bytes) {
  std::ofstream(dir / "train.py", std::ios::binary) << withSharpS();
  EXPECT_EQ(lightfix(dir, "check --output-format concise -q --no-cache train.py").out.substr(0, 15),
            "train.py:10:12:");
  auto rd =
      llvm::json::parse(lightfix(dir, "check --output-format rdjsonl --no-cache train.py").out);
  ASSERT_TRUE(bool(rd));
  const llvm::json::Object* range = rd->getAsObject()->getObject("location")->getObject("range");
  EXPECT_EQ(range->getObject("start")->getInteger("line").getValueOr(-1), 10);
  EXPECT_EQ(range->getObject("start")->getInteger("column").getValueOr(-1), 13);
  EXPECT_EQ(range->getObject("end")->getInteger("column").getValueOr(-1), 34);
}

TEST_F(OutputFormats, SarifSaysItsColumnsAreCodePoints) {
  auto sarif = llvm::json::parse(lightfix(dir, "check --output-format sarif train.py").out);
  ASSERT_TRUE(bool(sarif));
  const llvm::json::Object* run = (*sarif->getAsObject()->getArray("runs"))[0].getAsObject();
  EXPECT_EQ(run->getString("columnKind"), llvm::StringRef("unicodeCodePoints"));
}

// clang-tidy writes absolute paths, so the fixes apply from any folder.
TEST_F(OutputFormats, ExportedFixesApplyFromAnotherFolder) {
  fs::create_directories(dir / "fixes");
  EXPECT_EQ(lightfix(dir, "check --exit-zero -q --export-fixes fixes/train.yaml train.py").exit, 0);
  std::string yaml = slurp(dir / "fixes" / "train.yaml");
  EXPECT_NE(yaml.find("FilePath:        '" + (dir / "train.py").string() + "'"), std::string::npos)
      << yaml;
  ASSERT_EQ(
      std::system(("cd / && clang-apply-replacements '" + (dir / "fixes").string() + "'").c_str()),
      0);
  EXPECT_EQ(slurp(dir / "train.py"), kFixed);
}

TEST_F(OutputFormats, ColourAsTheFlagsAndTheEnvironmentSay) {
  auto coloured = [&](const std::string& prefix, const std::string& flags) {
    Result r = shell("cd '" + dir.string() + "' && " + prefix + " '" LIGHTFIX_BINARY "' check " +
                     flags + " --no-cache train.py");
    return r.out.find("\x1b[") != std::string::npos;
  };
  EXPECT_FALSE(coloured("", ""));  // not a terminal
  EXPECT_TRUE(coloured("", "--color always"));
  EXPECT_TRUE(coloured("NO_COLOR=1", "--color always"));
  EXPECT_TRUE(coloured("FORCE_COLOR=1", ""));
  EXPECT_TRUE(coloured("CLICOLOR_FORCE=1 NO_COLOR=1", ""));
  EXPECT_FALSE(coloured("FORCE_COLOR=0", ""));
  EXPECT_FALSE(coloured("FORCE_COLOR=1", "--color never"));
  EXPECT_FALSE(coloured("FORCE_COLOR=1", "--no-color"));
  // A style ends before the line does.
  Result r = shell("cd '" + dir.string() +
                   "' && '" LIGHTFIX_BINARY "' check --color always --no-cache train.py");
  EXPECT_EQ(r.out.find("\n\x1b[0m"), std::string::npos) << r.out;
  Result bad = lightfix(dir, "check --color sometimes train.py");
  EXPECT_EQ(bad.out,
            "lightfix: --color: sometimes not in {auto,always,never} (see `lightfix --help`)\n");
  EXPECT_EQ(bad.exit, 2);
}

TEST_F(OutputFormats, OutputFileTakesWhatStdoutWouldHave) {
  std::string stdoutText = lightfix(dir, "check --output-format json --no-cache train.py").out;
  Result r = lightfix(dir, "check --output-format json --no-cache -o report.json train.py");
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.exit, 1);
  EXPECT_EQ(slurp(dir / "report.json"), stdoutText);
  Result bad = lightfix(dir, "check --no-cache --output-file no/such/folder/x.txt train.py");
  EXPECT_EQ(bad.out, "lightfix: no/such/folder/x.txt: cannot write the output\n");
  EXPECT_EQ(bad.exit, 2);
}

}  // namespace
