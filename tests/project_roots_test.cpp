// Which project a file belongs to, and that the projects of one run are
// checked apart: a fleet of repositories is not one project.

#include <gtest/gtest.h>

#include <fstream>

#include "cli_support.h"
#include "driver/project_roots.h"
#include "test_support.h"

namespace {

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

TEST(ProjectRoots, TheOutermostRepositoryOrPythonProjectAboveAFile) {
  fs::path dir = lightfix::testing::freshTempDir();
  write(dir / "fleet" / "a" / "pyproject.toml", "");
  write(dir / "fleet" / "a" / "pkg" / "setup.py", "");  // a package inside: still a's
  write(dir / "fleet" / "b" / "setup.cfg", "");
  fs::create_directories(dir / "fleet" / "c" / ".git");
  write(dir / "pyproject.toml", "");  // above the folder checked: not looked at
  lightfix::ProjectRoots roots;
  const std::string fleet = (dir / "fleet").string();
  std::string a = (dir / "fleet" / "a").string();
  EXPECT_EQ(roots.rootOf((dir / "fleet" / "a" / "train.py").string(), fleet), a);
  EXPECT_EQ(roots.rootOf((dir / "fleet" / "a" / "pkg" / "m.py").string(), fleet), a);
  EXPECT_EQ(roots.rootOf((dir / "fleet" / "b" / "x" / "y.py").string(), fleet),
            (dir / "fleet" / "b").string());
  EXPECT_EQ(roots.rootOf((dir / "fleet" / "c" / "z.py").string(), fleet),
            (dir / "fleet" / "c").string());
  EXPECT_EQ(roots.rootOf((dir / "fleet" / "loose.py").string(), fleet), "");
  // Checked from a folder inside a package: one project, whatever is below.
  EXPECT_EQ(roots.rootOf((dir / "fleet" / "a" / "pkg" / "m.py").string(),
                         (dir / "fleet" / "a" / "pkg").string()),
            (dir / "fleet" / "a" / "pkg").string());
  EXPECT_EQ(roots.rootOf((dir / "fleet" / "a" / "train.py").string(), dir.string()), dir.string());
  // The folder `.` or `fleet/` names: the same bound.
  EXPECT_EQ(roots.rootOf((dir / "fleet" / "b" / "x" / "y.py").string(), fleet + "/"),
            (dir / "fleet" / "b").string());
  EXPECT_EQ(lightfix::withoutTrailingSlash("/repos/"), fs::path("/repos"));
  EXPECT_EQ(lightfix::withoutTrailingSlash("/"), fs::path("/"));
  fs::remove_all(dir);
}

TEST(ReachedFrom, TheDeepestFolderNamedAboveAFile) {
  fs::path dir = lightfix::testing::freshTempDir();
  fs::create_directories(dir / "fleet" / "a" / "pkg");
  fs::create_directories(dir / "fleet" / "ab");
  std::string fleet = (dir / "fleet").string();
  lightfix::ReachedFrom from({fleet + "/", (dir / "fleet" / "a").string(), "-"});
  EXPECT_EQ(from.folderOf((dir / "fleet" / "a" / "pkg" / "m.py").string()), fleet + "/a");
  EXPECT_EQ(from.folderOf((dir / "fleet" / "ab" / "y.py").string()), fleet);  // not a's
  EXPECT_EQ(from.folderOf((dir / "fleet" / "." / "a" / "t.py").string()), fleet + "/a");
  EXPECT_TRUE(from.underNamedFolder((dir / "fleet" / "ab" / "y.py").string()));
  // A file named itself, outside every folder named: the top of its git
  // work tree; outside one, its own folder, or the current one when it is
  // below it.
  EXPECT_FALSE(from.underNamedFolder((dir / "loose.py").string()));
  EXPECT_EQ(from.folderOf((dir / "loose.py").string()), dir.string());
  fs::create_directories(dir / "repo" / ".git");
  fs::create_directories(dir / "repo" / "pkg");
  EXPECT_EQ(from.folderOf((dir / "repo" / "pkg" / "m.py").string()), (dir / "repo").string());
  fs::path before = fs::current_path();
  fs::current_path(dir / "fleet");
  EXPECT_EQ(lightfix::ReachedFrom({}).folderOf("a/train.py"), fs::current_path().string());
  fs::current_path(dir / "repo" / "pkg");
  EXPECT_EQ(lightfix::ReachedFrom({}).folderOf("m.py"), (dir / "repo").string());
  fs::current_path(before);
  EXPECT_EQ(lightfix::ReachedFrom({"/"}).folderOf((dir / "x.py").string()), "/");
  fs::remove_all(dir);
}

const char* kTrainer =
    "import lightning as L\n"
    "from model import Lit\n"
    "L.Trainer(strategy='deepspeed').fit(Lit())\n";
const char* kModule =
    "import lightning as L\n"
    "class Lit(L.LightningModule):\n"
    "    def training_step(self, batch, batch_idx):\n"
    "        return None\n";

TEST(ProjectRoots, RepositoriesOfOneRunAreCheckedApart) {
  fs::path dir = lightfix::testing::freshTempDir();
  // One repository: its Trainer decides its module's strategy.
  write(dir / "fleet" / "one" / "pyproject.toml", "");
  write(dir / "fleet" / "one" / "train.py", kTrainer);
  write(dir / "fleet" / "one" / "model.py", kModule);
  // Two repositories: the Trainer of one says nothing about the other's module.
  write(dir / "fleet" / "two" / "pyproject.toml", "");
  write(dir / "fleet" / "two" / "train.py", kTrainer);
  write(dir / "fleet" / "three" / "pyproject.toml", "");
  write(dir / "fleet" / "three" / "model.py", kModule);
  Result r = lightfix(dir, "check --output-format concise -q --select LF003 fleet");
  EXPECT_EQ(r.exit, 1) << r.out;
  EXPECT_NE(r.out.find("fleet/one/model.py:4:9: error[LF003]"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("fleet/three/"), std::string::npos) << r.out;
  // The same fleet named as `.` from inside it, or with a trailing slash.
  Result here = lightfix(dir / "fleet", "check --output-format concise -q --select LF003 .");
  EXPECT_NE(here.out.find("one/model.py:4:9: error[LF003]"), std::string::npos) << here.out;
  EXPECT_EQ(here.out.find("three/"), std::string::npos) << here.out;
  Result slash = lightfix(dir, "check --output-format concise -q --select LF003 fleet/");
  EXPECT_EQ(slash.out.find("three/"), std::string::npos) << slash.out;
  // Two folders of one repository named apart are still one project.
  write(dir / "repo" / ".git" / "HEAD", "");
  write(dir / "repo" / "scripts" / "train.py", kTrainer);
  write(dir / "repo" / "src" / "model.py", kModule);
  Result apart =
      lightfix(dir / "repo", "check --output-format concise -q --select LF003 scripts src");
  EXPECT_NE(apart.out.find("src/model.py:4:9: error[LF003]"), std::string::npos) << apart.out;
  fs::remove_all(dir);
}

}  // namespace
