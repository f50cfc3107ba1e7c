// Batch runs through the real binary: the thread count changes nothing,
// and the progress bar appears on a terminal (seen under tmux) and only there.

#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>

#include "cli_support.h"
#include "test_support.h"
#include "tmux_terminal.h"

namespace {

// A fleet of repositories: the bundled examples and the golden projects,
// each several times.
void makeFleet(const fs::path& fleet, int copies) {
  fs::create_directories(fleet);
  for (int i = 0; i < copies; ++i) {
    fs::copy(LIGHTFIX_TESTDATA "/../examples", fleet / ("examples" + std::to_string(i)),
             fs::copy_options::recursive);
    fs::copy(LIGHTFIX_TESTDATA "/projects", fleet / ("projects" + std::to_string(i)),
             fs::copy_options::recursive);
  }
}

TEST(Jobs, OneAndFourThreadsGiveIdenticalResults) {
  fs::path dir = lightfix::testing::freshTempDir();
  makeFleet(dir / "one", 2);
  fs::copy(dir / "one", dir / "four", fs::copy_options::recursive);
  for (const char* args : {"check --exit-zero --output-format json .",
                           "check --exit-zero --output-format full --statistics .",
                           "check --exit-zero --output-format sarif .", "check --diff ."}) {
    Result one = lightfix(dir / "one", std::string(args) + " -j 1");
    Result four = lightfix(dir / "four", std::string(args) + " --jobs 4");
    EXPECT_GT(one.out.size(), 50u) << args;
    EXPECT_EQ(one.out, four.out) << args;
    EXPECT_EQ(one.exit, four.exit) << args;
  }
  Result one = lightfix(dir / "one", "fix --unsafe-fixes --exit-zero -j 1 .");
  Result four = lightfix(dir / "four", "fix --unsafe-fixes --exit-zero -j 4 .");
  EXPECT_EQ(one.out, four.out);
  EXPECT_NE(one.out.find(" fixed"), std::string::npos) << one.out;
  EXPECT_EQ(tree(dir / "one"), tree(dir / "four"));
  fs::remove_all(dir);
}

TEST(Jobs, ZeroThreadsIsAUsageError) {
  fs::path dir = lightfix::testing::freshTempDir();
  EXPECT_EQ(lightfix(dir, "check -j 0 .").exit, 2);
  fs::remove_all(dir);
}

// The user's own excludes, which only git's configuration names: how many
// files of a repository holding train.py, scratch_1.py and notes.py are read.
size_t filesReadWithHome(const fs::path& dir, const std::string& gitconfig) {
  fs::remove_all(dir);
  fs::create_directories(dir / "home/.config/git");
  fs::create_directories(dir / "repo");
  if (!gitconfig.empty()) std::ofstream(dir / "home/.gitconfig") << gitconfig;
  std::ofstream(dir / "mine") << "scratch_*.py\n";
  std::ofstream(dir / "home/.config/git/ignore") << "notes.py\n";  // git's default excludes
  for (const char* f : {"train.py", "scratch_1.py", "notes.py"})
    std::ofstream(dir / "repo" / f) << "x = 1\n";
  std::string env = "cd '" + (dir / "repo").string() + "' && env -u XDG_CONFIG_HOME HOME='" +
                    (dir / "home").string() + "' ";
  EXPECT_EQ(std::system((env + "git init -q .").c_str()), 0);
  EXPECT_EQ(std::system((env + "'" LIGHTFIX_BINARY
                               "' check -q --exit-zero --report ../report.json . > /dev/null 2>&1")
                            .c_str()),
            0);
  auto json = llvm::json::parse(slurp(dir / "report.json"));
  if (!json || !json->getAsArray() || json->getAsArray()->empty()) return 0;
  return static_cast<size_t>(
      json->getAsArray()->front().getAsObject()->getInteger("files").getValueOr(0));
}

TEST(Discovery, GlobalGitExcludesAreHonoured) {
  fs::path dir = lightfix::testing::freshTempDir();
  EXPECT_EQ(filesReadWithHome(dir, ""), 2u);  // ~/.config/git/ignore
  // core.excludesFile replaces that default, as in git.
  EXPECT_EQ(filesReadWithHome(dir, "[core]\n\texcludesFile = " + (dir / "mine").string() + "\n"),
            2u);
  EXPECT_EQ(filesReadWithHome(dir, "[core]\n\texcludesFile = " + (dir / "nothing").string() + "\n"),
            3u);
  fs::remove_all(dir);
}

TEST(Progress, ABarOnATerminalErasedBeforeTheSummary) {
  ASSERT_EQ(std::system("command -v tmux > /dev/null"), 0) << "tmux is installed by bootstrap";
  fs::path dir = lightfix::testing::freshTempDir();
  makeFleet(dir / "fleet", 1);
  // The Python files lightfix checks: a virtualenv's are not the project's.
  std::string files = std::to_string(std::count_if(
      fs::recursive_directory_iterator(dir / "fleet"), {}, [](const fs::directory_entry& e) {
        return e.path().extension() == ".py" &&
               e.path().string().find("/.venv/") == std::string::npos;
      }));
  {
    TmuxTerminal terminal(dir);
    // The bar waits for a second; the test does not.
    terminal.run("LIGHTFIX_PROGRESS_DELAY_MS=0 '" LIGHTFIX_BINARY
                 "' fix --unsafe-fixes --report report.md fleet/examples0 fleet/projects0");
    std::string log = terminal.log();
    EXPECT_NE(log.find("] " + files + "/" + files + " files · "), std::string::npos) << log;
    EXPECT_NE(log.find(" files/s"), std::string::npos) << log;
    std::string screen = terminal.screen();
    EXPECT_EQ(screen.find("files/s"), std::string::npos) << screen;  // erased
    EXPECT_NE(screen.find("fixed"), std::string::npos) << screen;
    EXPECT_NE(slurp(dir / "report.md").find("| fleet/examples0 |"), std::string::npos);

    fs::remove(dir / "terminal.log");
    terminal.run("LIGHTFIX_PROGRESS_DELAY_MS=0 '" LIGHTFIX_BINARY "' check -q --exit-zero fleet");
    EXPECT_EQ(terminal.log().find("files/s"), std::string::npos) << terminal.log();
  }
  // Not a terminal: nothing extra.
  Result piped = lightfix(dir, "check --exit-zero fleet", "");
  EXPECT_EQ(piped.out.find("files/s"), std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
