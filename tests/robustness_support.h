#pragma once
// What the robustness tests share: a folder holding one good file (an LF001
// finding with a safe fix) beside the bad input, so that each test shows the
// rest of the run is still done, and a way to run lightfix as an unprivileged
// user, since the tests run as root, whom no permission stops.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_support.h"
#include "lf001_sample.h"
#include "test_support.h"

namespace {

constexpr unsigned kNobody = 65534;

class BesideAGoodFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = lightfix::testing::freshTempDir();
    write("good.py", kFaulty);
  }
  void TearDown() override { fs::remove_all(dir); }
  void write(const std::string& name, const std::string& text) {
    fs::create_directories((dir / name).parent_path());
    std::ofstream(dir / name, std::ios::binary) << text;
  }
  // The good file was fixed: the run went on past the bad one.
  void expectGoodFileFixed() { EXPECT_EQ(slurp(dir / "good.py"), kFixed); }
  // A run printed exactly `out` and exited `exit`, left `name` holding
  // `text`, and fixed the good file.
  void expectLeftAsItIs(const Result& r, const std::string& out, int exit, const std::string& name,
                        const std::string& text) {
    EXPECT_EQ(r.out, out);
    EXPECT_EQ(r.exit, exit);
    EXPECT_EQ(slurp(dir / name), text) << name;
    expectGoodFileFixed();
  }
  fs::path dir;
};

// Whether permissions can be tested here: as root, with setpriv to drop them.
inline bool canDropPrivileges() {
  return ::geteuid() == 0 && shell("command -v setpriv").exit == 0;
}

// lightfix in `dir` as user and group nobody, without supplementary groups.
inline Result lightfixAsNobody(const fs::path& dir, const std::string& args) {
  return shell("cd '" + dir.string() + "' && setpriv --reuid=" + std::to_string(kNobody) +
               " --regid=" + std::to_string(kNobody) + " --clear-groups '" LIGHTFIX_BINARY "' " +
               args + " < /dev/null");
}

// Gives every file and folder below `root` (and it) to nobody.
inline void giveToNobody(const fs::path& root) {
  ASSERT_EQ(::chown(root.c_str(), kNobody, kNobody), 0);
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(root))
    ASSERT_EQ(::lchown(e.path().c_str(), kNobody, kNobody), 0);
}

}  // namespace
