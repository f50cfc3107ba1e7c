// C++ sources through the CLI: where their compiler flags come from (-p, a
// compile_commands.json above the file, flags after `--`), which files are
// checked, compile errors, and the outputs a C++ finding flows through.

#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>

#include <fstream>
#include <string>

#include "cli_support.h"
#include "test_support.h"

namespace {

// An LT001 fault: the loop never zeroes the optimizer.
const char* kTrainer =
    "#include <torch/torch.h>\n"
    "\n"
    "void fit(torch::nn::Linear& model, torch::optim::SGD& optimizer) {\n"
    "  for (int i = 0; i < 10; ++i) {\n"
    "    auto loss = model->forward(torch::ones({2, 4})).sum();\n"
    "    loss.backward();\n"
    "    optimizer.step();\n"
    "  }\n"
    "}\n";

class CxxCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = lightfix::testing::freshTempDir();
    fs::create_directories(dir / "src");
    fs::create_directories(dir / "build");
    std::ofstream(dir / "src" / "train.cpp", std::ios::binary) << kTrainer;
    std::ofstream(dir / "src" / "unlisted.cpp", std::ios::binary) << kTrainer;
  }
  void TearDown() override { fs::remove_all(dir); }

  // A compilation database in `folder` listing src/train.cpp, as CMake
  // writes one (with the tests' precompiled torch header).
  void writeDatabase(const fs::path& folder) {
    llvm::json::Array entries;
    entries.push_back(
        llvm::json::Object{{"directory", (dir / "build").string()},
                           {"command", "/usr/bin/c++ " LIGHTFIX_TORCH_FLAGS " -o train.o -c " +
                                           (dir / "src" / "train.cpp").string()},
                           {"file", (dir / "src" / "train.cpp").string()}});
    std::ofstream(folder / "compile_commands.json")
        << llvm::formatv("{0}", llvm::json::Value(std::move(entries))).str();
  }
  fs::path dir;
};

TEST_F(CxxCli, WithDashPOnlyTheDatabasesFilesOfAFolderAreChecked) {
  writeDatabase(dir / "build");
  Result r = lightfix(dir, "check --output-format concise -q --no-color -p build src");
  EXPECT_EQ(r.exit, 1) << r.out;
  EXPECT_EQ(
      r.out,
      "src/train.cpp:6:5: error[LT001] [*] `optimizer.step()` in this loop follows `backward()`, "
      "but `optimizer.zero_grad()` is never called in it: each iteration's gradients add up "
      "to the previous ones\n");
}

TEST_F(CxxCli, ANamedFileMissingFromTheDatabaseBorrowsANeighboursFlags) {
  writeDatabase(dir / "build");
  Result r = lightfix(dir, "check --output-format concise -q -p build src/unlisted.cpp");
  EXPECT_EQ(r.exit, 1) << r.out;
  EXPECT_NE(r.out.find("src/unlisted.cpp:6:5: error[LT001]"), std::string::npos) << r.out;
}

TEST_F(CxxCli, TheNearestDatabaseAboveTheFileIsFound) {
  writeDatabase(dir);
  Result r = lightfix(dir / "src", "check --output-format concise -q .");
  EXPECT_EQ(r.exit, 1) << r.out;
  EXPECT_NE(r.out.find("train.cpp:6:5: error[LT001]"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("unlisted.cpp"), std::string::npos) << r.out;
}

TEST_F(CxxCli, FlagsAfterDashDashApplyToEveryFile) {
  Result r = lightfix(dir, "check --output-format concise -q src -- " LIGHTFIX_TORCH_FLAGS);
  EXPECT_EQ(r.exit, 1) << r.out;
  EXPECT_NE(r.out.find("src/train.cpp:6:5: error[LT001]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("src/unlisted.cpp:6:5: error[LT001]"), std::string::npos) << r.out;
}

TEST_F(CxxCli, NoDatabaseAtDashPIsABadFlag) {
  Result r = lightfix(dir, "check -p nowhere src/train.cpp");
  EXPECT_EQ(r.exit, 2) << r.out;
  EXPECT_NE(r.out.find("lightfix: nowhere: no compile_commands.json in the folder given to -p"),
            std::string::npos)
      << r.out;
}

TEST_F(CxxCli, AFileThatDoesNotCompileIsReportedAndLeftAsItIs) {
  std::string broken = std::string(kTrainer) + "int broken( {\n";
  std::ofstream(dir / "src" / "train.cpp", std::ios::binary) << broken;
  Result r = lightfix(dir, "fix --output-format concise src/train.cpp -- " LIGHTFIX_TORCH_FLAGS);
  EXPECT_EQ(r.exit, 1) << r.out;
  EXPECT_NE(r.out.find("src/train.cpp:10:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("does not compile; file left as it is"), std::string::npos) << r.out;
  EXPECT_EQ(slurp(dir / "src" / "train.cpp"), broken);
}

TEST_F(CxxCli, AFixReachesJsonTheDiffAndExportedFixes) {
  const std::string flags = " src/train.cpp -- " LIGHTFIX_TORCH_FLAGS;
  Result json = lightfix(dir, "check --output-format json" + flags);
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(json.out);
  ASSERT_TRUE(static_cast<bool>(parsed)) << json.out;
  const llvm::json::Object* first = parsed->getAsArray()->front().getAsObject();
  EXPECT_EQ(first->getString("code"), llvm::StringRef("LT001"));
  EXPECT_NE(first->getObject("fix"), nullptr) << json.out;

  Result diff = lightfix(dir, "fix --diff" + flags);
  EXPECT_EQ(diff.exit, 1) << diff.out;
  EXPECT_NE(diff.out.find("+    optimizer.zero_grad();\n     loss.backward();"), std::string::npos)
      << diff.out;
  EXPECT_EQ(slurp(dir / "src" / "train.cpp"), kTrainer);

  Result exported = lightfix(dir, "check --export-fixes fixes.yaml" + flags);
  EXPECT_EQ(exported.exit, 1);
  std::string yaml = slurp(dir / "fixes.yaml");
  EXPECT_NE(yaml.find("DiagnosticName:  LT001"), std::string::npos) << yaml;
  EXPECT_NE(yaml.find("optimizer.zero_grad();"), std::string::npos) << yaml;
}

TEST_F(CxxCli, PythonAndCxxFilesInOneRunComeInPathOrder) {
  std::ofstream(dir / "src" / "a.py") << "import lightning as L\n"
                                         "fabric = L.Fabric(strategy='deepspeed')\n"
                                         "fabric.backward(loss)\n";
  fs::remove(dir / "src" / "unlisted.cpp");
  Result r = lightfix(dir, "check --output-format concise -q src -- " LIGHTFIX_TORCH_FLAGS);
  EXPECT_EQ(r.exit, 1) << r.out;
  size_t py = r.out.find("src/a.py:");
  size_t cxx = r.out.find("src/train.cpp:6:5: error[LT001]");
  ASSERT_NE(py, std::string::npos) << r.out;
  ASSERT_NE(cxx, std::string::npos) << r.out;
  EXPECT_LT(py, cxx);
}

}  // namespace

namespace {

// Installed with its own builtin headers (as a wheel installs it), lightfix
// compiles with those, not the ones of the machine it was built on.
TEST(CxxResourceDir, HeadersBesideTheBinaryWin) {
  fs::path dir = lightfix::testing::freshTempDir();
  fs::create_directories(dir / "bin");
  fs::create_directories(dir / "lib" / "lightfix" / "clang" / "include");
  fs::copy_file(LIGHTFIX_BINARY, dir / "bin" / "lightfix");
  std::ofstream(dir / "lib" / "lightfix" / "clang" / "include" / "stddef.h")
      << "#error the stddef.h beside lightfix\n";
  // A rule's word, or it is never compiled.
  std::ofstream(dir / "a.cpp") << "#include <stddef.h>\nsize_t n;  // no backward here\n";
  Result r =
      shell("cd '" + dir.string() + "' && ./bin/lightfix check --no-cache a.cpp -- -std=c++17");
  EXPECT_NE(r.out.find("error: the stddef.h beside lightfix (in " + dir.string() +
                       "/lib/lightfix/clang/include/stddef.h:1)"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.exit, 1) << r.out;  // a file that does not compile, reported
  // Without them, the build's own: it compiles.
  fs::remove_all(dir / "lib");
  Result built =
      shell("cd '" + dir.string() + "' && ./bin/lightfix check --no-cache a.cpp -- -std=c++17");
  EXPECT_EQ(built.out, "All checks passed!\n");
  EXPECT_EQ(built.exit, 0);
  fs::remove_all(dir);
}

}  // namespace
