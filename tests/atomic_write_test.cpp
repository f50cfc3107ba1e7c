#include "edit/atomic_write.h"

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
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
  EXPECT_EQ(why, "changed on disk while being fixed; left as it is");
  EXPECT_EQ(slurp(file), "old\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
}

TEST_F(AtomicWrite, KeepsTheOwnerAndGroup) {
  if (::geteuid() != 0) GTEST_SKIP() << "only root may give a file to another user";
  ASSERT_EQ(::chown(file.c_str(), 65534, 65533), 0);
  ::chmod(file.c_str(), 0640);
  EXPECT_EQ(writeFileAtomically(file.string(), "old\n", "new\n"), "");
  struct stat st {};
  ::stat(file.c_str(), &st);
  EXPECT_EQ(st.st_uid, 65534u);
  EXPECT_EQ(st.st_gid, 65533u);
  EXPECT_EQ(st.st_mode & 0777, 0640u);
}

TEST_F(AtomicWrite, AFailedWriteLeavesTheFileAndNoTemporaryFile) {
  // In a child, with writes limited to 1 KB (EFBIG, as ENOSPC on a full disk).
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::signal(SIGXFSZ, SIG_IGN);
    struct rlimit limit {
      1024, 1024
    };
    ::setrlimit(RLIMIT_FSIZE, &limit);
    std::string why = writeFileAtomically(file.string(), "old\n", std::string(4096, 'x'));
    ::_exit(why == "cannot write: File too large" ? 0 : 1);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(slurp(file), "old\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
}

TEST_F(AtomicWrite, NeverReplacesOrWritesThroughASymlink) {
  fs::create_symlink("train.py", dir / "link.py");
  EXPECT_EQ(writeFileAtomically((dir / "link.py").string(), "old\n", "new\n"),
            "a symbolic link; not written (fix the file it points to)");
  EXPECT_TRUE(fs::is_symlink(dir / "link.py"));
  EXPECT_EQ(slurp(file), "old\n");
}

TEST_F(AtomicWrite, ReportsAMissingFile) {
  EXPECT_NE(writeFileAtomically((dir / "gone.py").string(), "", "x"), "");
}

}  // namespace
}  // namespace lightfix
