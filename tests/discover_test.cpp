#include "driver/discover.h"

#include <gtest/gtest.h>

#include "test_support.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace lightfix {
namespace {

namespace fs = std::filesystem;

class Discover : public ::testing::Test {
 protected:
  void SetUp() override {
    root = testing::freshTempDir();
    for (const char* f : {"train.py", "pkg/model.py", "pkg/notes.txt", ".venv/lib/x.py",
                          "env/pyvenv.cfg", "env/lib/y.py", "lib/site-packages/z.py",
                          "generated/out.py", "pkg/cache_gen.py", "pkg/keep_gen.py"}) {
      fs::create_directories((root / f).parent_path());
      std::ofstream(root / f) << "x = 1\n";
    }
    std::ofstream(root / ".gitignore") << "# comment\ngenerated/\n*_gen.py\n!keep_gen.py\n";
    git("init -q .");
  }
  void git(const std::string& args, const fs::path& where = {}) {
    std::string cmd = "cd '" + (where.empty() ? root : where).string() + "' && git " + args;
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  }
  void TearDown() override { fs::remove_all(root); }
  void vendoredRepository(const std::string& files);
  std::vector<std::string> found(const std::vector<std::string>& paths) {
    std::vector<std::string> rel;
    for (const std::string& f : discoverFiles(paths).files)
      rel.push_back(fs::path(f).lexically_relative(root).generic_string());
    return rel;
  }
  fs::path root;
};

TEST_F(Discover, WalksPythonFilesSkippingVirtualenvsAndIgnoredPaths) {
  EXPECT_EQ(found({root.string()}),
            (std::vector<std::string>{"pkg/keep_gen.py", "pkg/model.py", "train.py"}));
}

TEST_F(Discover, GitignoreCountsOnlyInsideAGitWorkTree) {
  fs::remove_all(root / ".git");
  EXPECT_EQ(found({root.string()}).size(), 5u);  // as in git, ruff and ripgrep
}

TEST_F(Discover, InfoExcludeAndNestedGitignoresAreHonoured) {
  std::ofstream(root / ".git/info/exclude") << "train.py\n";
  std::ofstream(root / "pkg/.gitignore") << "model.py\n";
  EXPECT_EQ(found({root.string()}), (std::vector<std::string>{"pkg/keep_gen.py"}));
  // The same from a folder below the work tree's top.
  EXPECT_EQ(found({(root / "pkg").string()}), (std::vector<std::string>{"pkg/keep_gen.py"}));
}

// vendored/repo, a repository of its own that ignores b.py, with a.py and
// b.py in its folder `files`.
void Discover::vendoredRepository(const std::string& files) {
  fs::create_directories(root / "vendored/repo" / files);
  std::ofstream(root / "vendored/repo" / files / "a.py") << "x = 1\n";
  std::ofstream(root / "vendored/repo" / files / "b.py") << "x = 1\n";
  std::ofstream(root / "vendored/repo/.gitignore") << "b.py\n";
  git("init -q .", root / "vendored/repo");
}

TEST_F(Discover, ANestedRepositoryHasItsOwnRules) {
  vendoredRepository("");
  EXPECT_EQ(found({root.string()}), (std::vector<std::string>{"pkg/keep_gen.py", "pkg/model.py",
                                                              "train.py", "vendored/repo/a.py"}));
}

// A fleet named one repository at a time: each root, whether in the work
// tree the last one was in or in another, is walked with its own rules.
TEST_F(Discover, EachRootOfAFleetHasItsRepositorysRules) {
  vendoredRepository("sub");
  std::string pkg = (root / "pkg").string();
  std::string sub = (root / "vendored/repo/sub").string();
  EXPECT_EQ(
      found({pkg, sub, pkg + "/", sub + "/"}),
      (std::vector<std::string>{"pkg/keep_gen.py", "pkg/model.py", "vendored/repo/sub/a.py"}));
  std::ofstream(root / "pkg/more_gen.py") << "x = 1\n";  // *_gen.py: ignored by root's rules
  EXPECT_EQ(found({(root / "generated").string(), pkg, sub}),
            (std::vector<std::string>{"generated/out.py", "pkg/keep_gen.py", "pkg/model.py",
                                      "vendored/repo/sub/a.py"}));
}

TEST_F(Discover, AFolderNamedExplicitlyIsCheckedEvenIfIgnored) {
  EXPECT_EQ(found({(root / "generated").string()}), (std::vector<std::string>{"generated/out.py"}));
}

TEST_F(Discover, AnExplicitFileIsAlwaysChecked) {
  EXPECT_EQ(found({(root / "generated/out.py").string()}),
            (std::vector<std::string>{"generated/out.py"}));
}

TEST_F(Discover, OverlappingRootsGiveEachFileOnceInTheOrderFirstFound) {
  std::string train = (root / "train.py").string();
  std::string model = (root / "pkg/model.py").string();
  EXPECT_EQ(found({model, train}), (std::vector<std::string>{"pkg/model.py", "train.py"}));
  EXPECT_EQ(found({model, (root / "pkg").string(), train}),
            (std::vector<std::string>{"pkg/model.py", "pkg/keep_gen.py", "train.py"}));
  // One folder spelt twice, then a folder above it.
  std::string pkg = (root / "pkg").string();
  EXPECT_EQ(found({pkg + "/", pkg, root.string()}),
            (std::vector<std::string>{"pkg/keep_gen.py", "pkg/model.py", "train.py"}));
  // Folders apart from one another: every file, as found.
  EXPECT_EQ(found({pkg, (root / "generated").string()}),
            (std::vector<std::string>{"pkg/keep_gen.py", "pkg/model.py", "generated/out.py"}));
}

TEST_F(Discover, AMissingPathIsAnErrorNamingIt) {
  Discovery d = discoverFiles({(root / "nope").string()});
  ASSERT_EQ(d.errors.size(), 1u);
  EXPECT_NE(d.errors[0].find("nope"), std::string::npos);
}

TEST_F(Discover, SymlinksAreNotFollowed) {
  fs::create_directory_symlink(root, root / "pkg/loop");
  fs::path outside = root.string() + "-outside.py";
  std::ofstream(outside) << "x = 1\n";
  fs::create_symlink(outside, root / "pkg/linked.py");
  EXPECT_EQ(found({root.string()}).size(), 3u);
  fs::remove(outside);
}

// git itself is the oracle: on a tree of nested ignore files, negations,
// anchored and `**` patterns, info/exclude and the user's global excludes,
// the walk finds exactly the Python files `git ls-files` does.
TEST_F(Discover, FindsWhatGitFinds) {
  for (const char* f : {"a/b/c.py", "a/b/skip.py", "a/keep/skip.py", "deep/x/y/out.py",
                        "deep/x/y/in.py", "logs/l.py", "sub/logs/m.py", "top.py", "sub/top.py",
                        "local.py", "global.py", "sub/global.py", "tmp/t.py", "space .py"}) {
    fs::create_directories((root / f).parent_path());
    std::ofstream(root / f) << "x = 1\n";
  }
  std::ofstream(root / "a/.gitignore") << "skip.py\n!keep/skip.py\n";
  std::ofstream(root / "a/keep/.gitignore") << "!skip.py\n";
  std::ofstream(root / "deep/.gitignore") << "**/y/out.py\n";
  std::ofstream(root / "sub/.gitignore") << "/top.py\nlogs/\n";
  std::ofstream(root / ".git/info/exclude") << "local.py\ntmp/**\n";
  fs::path home = root / "home";
  fs::create_directories(home / ".config/git");
  std::ofstream(home / ".config/git/ignore") << "global.py\nhome/\n";
  std::ofstream(root / ".gitignore", std::ios::app) << "space\\ .py\n";
  const std::string savedHome = std::getenv("HOME") ? std::getenv("HOME") : "";
  setenv("HOME", home.c_str(), 1);
  unsetenv("XDG_CONFIG_HOME");
  std::vector<std::string> expected;
  {
    std::string cmd = "cd '" + root.string() + "' && git ls-files -o --exclude-standard '*.py'";
    FILE* out = popen(cmd.c_str(), "r");
    ASSERT_NE(out, nullptr);
    char line[4096];
    while (fgets(line, sizeof line, out)) {
      std::string path(line);
      path.pop_back();
      if (path.find(".venv/") == std::string::npos &&
          path.find("site-packages") == std::string::npos && path.rfind("env/", 0) != 0)
        expected.push_back(path);
    }
    pclose(out);
  }
  std::vector<std::string> walked = found({root.string()});
  std::sort(expected.begin(), expected.end());
  std::sort(walked.begin(), walked.end());
  EXPECT_EQ(walked, expected);
  EXPECT_EQ(walked,
            (std::vector<std::string>{"a/b/c.py", "a/keep/skip.py", "deep/x/y/in.py", "logs/l.py",
                                      "pkg/keep_gen.py", "pkg/model.py", "top.py", "train.py"}));
  // core.excludesFile in the repository's config replaces the default file.
  std::ofstream(root / ".git/config", std::ios::app) << "[core]\n\texcludesFile = ~/mine\n";
  std::ofstream(home / "mine") << "top.py\n";
  walked = found({root.string()});
  EXPECT_EQ(std::count(walked.begin(), walked.end(), "global.py"), 1);
  EXPECT_EQ(std::count(walked.begin(), walked.end(), "top.py"), 0);
  setenv("HOME", savedHome.c_str(), 1);
}

// A linked work tree (`git worktree add`) has a `.git` file; its ignores
// are its own .gitignore files and the main repository's info/exclude.
TEST_F(Discover, ALinkedWorkTreeUsesItsCommonGitDirectory) {
  git("add -A && git -c user.name=t -c user.email=t@t commit -qm init");
  std::ofstream(root / ".git/info/exclude") << "model.py\n";
  fs::path linked = root.string() + "-linked";
  git("worktree add -q '" + linked.string() + "'");
  std::vector<std::string> rel;
  for (const std::string& f : discoverFiles({linked.string()}).files)
    rel.push_back(fs::path(f).lexically_relative(linked).generic_string());
  EXPECT_EQ(rel, (std::vector<std::string>{"pkg/keep_gen.py", "train.py"}));
  fs::remove_all(linked);
}

}  // namespace
}  // namespace lightfix
