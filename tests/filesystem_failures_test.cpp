// What the file system can refuse, through the real binary: unreadable
// folders and files, read-only files, symlinks, vanished paths, a full disk.
// Each is one line naming the path and exit 2; the path is left as it was;
// the other file of the run is still fixed.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <string>

#include "robustness_support.h"

namespace {

const char* kFix = "fix --output-format concise -q .";

class FileSystem : public BesideAGoodFile {};

// Runs as nobody, who owns the folder and the good file.
class AsNobody : public FileSystem {
 protected:
  void SetUp() override {
    if (!canDropPrivileges()) GTEST_SKIP() << "needs root and setpriv";
    FileSystem::SetUp();
  }
};

TEST_F(AsNobody, AnUnreadableFolderIsNamed) {
  write("secret/train.py", kFaulty);
  giveToNobody(dir);
  ASSERT_EQ(::chown((dir / "secret").c_str(), 0, 0), 0);
  ::chmod((dir / "secret").c_str(), 0700);
  Result r = lightfixAsNobody(dir, kFix);
  expectLeftAsItIs(r, "lightfix: secret: cannot read directory: Permission denied\n", 2,
                   "secret/train.py", kFaulty);
}

TEST_F(AsNobody, AnUnreadableFileIsNamed) {
  write("secret.py", kFaulty);
  giveToNobody(dir);
  ::chmod((dir / "secret.py").c_str(), 0200);
  Result r = lightfixAsNobody(dir, kFix);
  expectLeftAsItIs(r, "lightfix: secret.py: cannot read file: Permission denied\n", 2, "secret.py",
                   kFaulty);
}

TEST_F(AsNobody, AReadOnlyFileIsNotReplaced) {
  // The folder is writable, so a rename could replace it; lightfix does not.
  write("readonly.py", kFaulty);
  giveToNobody(dir);
  ::chmod((dir / "readonly.py").c_str(), 0444);
  Result r = lightfixAsNobody(dir, kFix);
  EXPECT_EQ(r.out.substr(0, r.out.find('\n') + 1),
            "lightfix: readonly.py: cannot write: Permission denied; left as it is\n");
  EXPECT_EQ(r.out.substr(r.out.find('\n') + 1, 32), "readonly.py:10:5: error[LF001] [") << r.out;
  EXPECT_EQ(r.exit, 2);
  EXPECT_EQ(slurp(dir / "readonly.py"), kFaulty);
  struct stat st {};
  ::stat((dir / "readonly.py").c_str(), &st);
  EXPECT_EQ(st.st_mode & 0777, 0444u);
  expectGoodFileFixed();
}

TEST_F(FileSystem, ASymlinkLoopIsSkippedInAFolderAndNamedOnTheCommandLine) {
  fs::create_symlink("b.py", dir / "a.py");
  fs::create_symlink("a.py", dir / "b.py");
  Result r = lightfix(dir, kFix);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.exit, 0);
  expectGoodFileFixed();
  r = lightfix(dir, "check -q a.py");
  EXPECT_EQ(r.out, "lightfix: a.py: Too many levels of symbolic links\n");
  EXPECT_EQ(r.exit, 2);
}

TEST_F(FileSystem, NothingIsWrittenThroughASymlink) {
  write("outside/target.py", kFaulty);
  write("tree/good.py", kFaulty);
  fs::create_symlink("../outside/target.py", dir / "tree/link.py");
  // Walking a folder, a symlink is not followed.
  Result r = lightfix(dir, "fix --output-format concise -q tree");
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(slurp(dir / "tree/good.py"), kFixed);
  // Named, it is read, and reported, but not written: neither replaced by a
  // file nor written through to its target.
  r = lightfix(dir, "fix --output-format concise -q tree/link.py good.py");
  EXPECT_EQ(r.out.substr(0, r.out.find('\n') + 1),
            "lightfix: tree/link.py: a symbolic link; not written (fix the file it points to)\n");
  EXPECT_EQ(r.exit, 2);
  EXPECT_TRUE(fs::is_symlink(dir / "tree/link.py"));
  EXPECT_EQ(slurp(dir / "outside/target.py"), kFaulty);
  expectGoodFileFixed();
}

TEST_F(FileSystem, AMissingPathIsNamed) {
  fs::create_symlink("gone.py", dir / "dangling.py");
  Result r = lightfix(dir, "fix --output-format concise -q gone.py dangling.py good.py");
  EXPECT_EQ(r.out,
            "lightfix: gone.py: No such file or directory\n"
            "lightfix: dangling.py: No such file or directory\n");
  EXPECT_EQ(r.exit, 2);
  expectGoodFileFixed();
}

TEST_F(FileSystem, AFullDiskLeavesTheFileAndNoTemporaryFile) {
  // Writes above 8 KB fail with EFBIG, as they would on a full disk with ENOSPC.
  std::string big = std::string(kFaulty) + "# " + std::string(64 << 10, 'x') + "\n";
  write("big.py", big);
  Result r =
      shell("cd '" + dir.string() + "' && trap '' XFSZ && ulimit -f 16 && '" LIGHTFIX_BINARY "' " +
            kFix + " < /dev/null");
  EXPECT_EQ(r.out.substr(0, r.out.find('\n') + 1),
            "lightfix: big.py: cannot write: File too large\n");
  EXPECT_EQ(r.exit, 2);
  EXPECT_EQ(slurp(dir / "big.py"), big);
  EXPECT_EQ(tree(dir).size(), 2u);  // big.py and good.py: no temporary file left
  expectGoodFileFixed();
}

}  // namespace
