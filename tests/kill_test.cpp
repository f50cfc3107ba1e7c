// `lightfix fix` over a batch of files, killed with SIGKILL at random moments,
// many times: after every kill each file must be byte for byte its original
// or its fully fixed text, never a mixture, never cut short. A killed run may
// leave a temporary file (`PATH.lightfix-XXXXXX`) beside a file; it never
// replaces one, and later runs neither read nor mind it.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "cli_support.h"
#include "test_support.h"

extern char** environ;

namespace {

constexpr int kCases = 5;
constexpr int kCopies = 25;  // 125 files
constexpr int kKills = 30;

struct Case {
  std::string name;
  std::string original;
  std::string fixed;
};

// The first fixable golden case of each rule, until there are kCases; cases
// that need flags (`# args:`) are left out.
std::vector<Case> fixableCases() {
  std::vector<Case> cases;
  std::vector<fs::path> dirs;
  for (const fs::directory_entry& e : fs::directory_iterator(LIGHTFIX_TESTDATA))
    if (e.path().filename().string().rfind("LF", 0) == 0) dirs.push_back(e.path());
  std::sort(dirs.begin(), dirs.end());
  for (const fs::path& d : dirs) {
    std::vector<fs::path> files;
    for (const fs::directory_entry& e : fs::directory_iterator(d))
      if (e.path().extension() == ".py") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) {
      fs::path fixed = f.string() + ".fixed";
      std::string text = slurp(f);
      if (!fs::exists(fixed) || text.rfind("# args:", 0) == 0) continue;
      cases.push_back({f.filename().string(), text, slurp(fixed)});
      break;
    }
    if (static_cast<int>(cases.size()) == kCases) break;
  }
  return cases;
}

class KillTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = lightfix::testing::freshTempDir();
    cases = fixableCases();
    ASSERT_EQ(static_cast<int>(cases.size()), kCases);
  }
  void TearDown() override { fs::remove_all(dir); }

  fs::path fileOf(int copy, const Case& c) const {
    return dir / ("batch/" + std::to_string(copy)) / c.name;
  }
  // Every file back to its original; each copy its own project.
  void reset() {
    for (int copy = 0; copy < kCopies; ++copy)
      for (const Case& c : cases) {
        fs::create_directories(fileOf(copy, c).parent_path());
        std::ofstream project(fileOf(copy, c).parent_path() / "pyproject.toml");  // empty
        std::ofstream(fileOf(copy, c), std::ios::binary) << c.original;
      }
  }
  pid_t start() {
    std::string batch = (dir / "batch").string();
    std::vector<std::string> args = {
        LIGHTFIX_BINARY, "fix", "--unsafe-fixes", "-q", "--exit-zero", "-j", "2", batch};
    std::vector<char*> argv;
    argv.reserve(args.size() + 1);
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = -1;
    EXPECT_EQ(posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ), 0);
    posix_spawn_file_actions_destroy(&actions);
    return pid;
  }
  // How many files are fixed; fails on any file that is neither text.
  int fixedFiles() {
    int fixed = 0;
    for (int copy = 0; copy < kCopies; ++copy)
      for (const Case& c : cases) {
        std::string now = slurp(fileOf(copy, c));
        if (now == c.fixed) {
          ++fixed;
        } else if (now != c.original) {
          ADD_FAILURE() << fileOf(copy, c) << " is corrupt:\n" << now;
          ++corruptions;
        }
      }
    return fixed;
  }
  // The temporary files left, each beside the file it was for.
  int temporaryFiles() {
    int n = 0;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir / "batch")) {
      std::string name = e.path().filename().string();
      size_t at = name.find(".lightfix-");
      if (at == std::string::npos) continue;
      ++n;
      EXPECT_EQ(name.size(), at + 16) << name;
      EXPECT_TRUE(fs::exists(e.path().parent_path() / name.substr(0, at))) << name;
    }
    return n;
  }

  fs::path dir;
  std::vector<Case> cases;
  int corruptions = 0;
};

TEST_F(KillTest, EveryFileIsItsOriginalOrFullyFixedAfterEachKill) {
  // The kills fall within the shortest of three uninterrupted runs: one run
  // slowed by the rest of a parallel ctest would put most kills after the end.
  int status = 0;
  auto full = std::chrono::steady_clock::duration::max();
  for (int run = 0; run < 3; ++run) {
    reset();
    auto begin = std::chrono::steady_clock::now();
    waitpid(start(), &status, 0);
    full = std::min(full, std::chrono::steady_clock::now() - begin);
    ASSERT_EQ(fixedFiles(), kCases * kCopies) << "the uninterrupted run fixes every file";
  }

  std::mt19937 rng(20261201);
  std::uniform_int_distribution<long> moment(
      0, std::chrono::duration_cast<std::chrono::microseconds>(full).count());
  int midWrite = 0;  // kills that left some files fixed and some not
  for (int run = 0; run < kKills; ++run) {
    reset();
    pid_t pid = start();
    std::this_thread::sleep_for(std::chrono::microseconds(moment(rng)));
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    int fixed = fixedFiles();
    if (fixed > 0 && fixed < kCases * kCopies) ++midWrite;
  }
  int left = temporaryFiles();
  EXPECT_EQ(corruptions, 0);
  // Kills must land while files are being written, or the test shows nothing.
  EXPECT_GE(midWrite, 5);
  std::cout << "kill test: " << kKills << " runs killed over " << kCases * kCopies
            << " files (an uninterrupted run "
            << std::chrono::duration_cast<std::chrono::milliseconds>(full).count() << " ms), "
            << midWrite << " killed while writing, " << corruptions << " corrupt files, " << left
            << " temporary files left\n";

  // A later run ignores what killed runs left, and finishes the job.
  Result r =
      shell("'" LIGHTFIX_BINARY "' fix --unsafe-fixes -q '" + (dir / "batch").string() + "'");
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(fixedFiles(), kCases * kCopies);
}

}  // namespace
