#include "driver/discover.h"

#include <gtest/gtest.h>

#include "test_support.h"

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

}  // namespace
}  // namespace lightfix
