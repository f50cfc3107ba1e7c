#include "edit/atomic_write.h"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include "test_support.h"

#include <filesystem>
#include <fstream>

namespace lightfix {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

class AtomicWrite : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = testing::freshTempDir();
    file = dir / "train.py";
    std::ofstream(file, std::ios::binary) << "old\n";
  }
  void TearDown() override { fs::remove_all(dir); }
  fs::path dir;
  fs::path file;
};

TEST_F(AtomicWrite, ReplacesTheFileAndKeepsItsMode) {
  ::chmod(file.c_str(), 0750);
  EXPECT_EQ(writeFileAtomically(file.string(), "old\n", "new\n"), "");
  EXPECT_EQ(slurp(file), "new\n");
  struct stat st {};
  ::stat(file.c_str(), &st);
  EXPECT_EQ(st.st_mode & 0777, 0750u);
  // No temporary file is left behind.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
}

TEST_F(AtomicWrite, RefusesWhenTheFileChangedMeanwhile) {
  std::string why = writeFileAtomically(file.string(), "something else\n", "new\n");
  EXPECT_NE(why.find("changed on disk"), std::string::npos) << why;
  EXPECT_EQ(slurp(file), "old\n");
}

TEST_F(AtomicWrite, ReportsAMissingFile) {
  EXPECT_NE(writeFileAtomically((dir / "gone.py").string(), "", "x"), "");
}

}  // namespace
}  // namespace lightfix
