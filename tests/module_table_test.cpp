#include "semantics/module_table.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace fs = std::filesystem;

namespace lightfix {
namespace {

TEST(ModuleTable, AbsoluteNamesFindTheFileNearestARoot) {
  ModuleTable t;
  t.add("repo/vendor/models/base.py");  // 0
  t.add("repo/models/base.py");         // 1
  t.add("repo/models/__init__.py");     // 2
  t.add("./repo/train.py");             // 3
  EXPECT_EQ(t.find("repo/train.py", "models.base"), 1);
  EXPECT_EQ(t.find("repo/train.py", "vendor.models.base"), 0);
  EXPECT_EQ(t.find("repo/train.py", "models"), 2);
  EXPECT_EQ(t.find("repo/train.py", "train"), 3);
  EXPECT_EQ(t.find("repo/train.py", "torch.nn"), -1);
  EXPECT_EQ(t.find("repo/train.py", "__init__"), -1);
  EXPECT_EQ(t.path(3), (fs::current_path() / "repo" / "train.py").string());
}

// Sub-projects side by side (`v4/src/model.py`, `v5/src/model.py`): each
// script imports its own, from its folder or the nearest above it.
TEST(ModuleTable, AbsoluteNamesFindTheFileNearestTheImporter) {
  ModuleTable t;
  t.add("repo/v4/src/model.py");  // 0
  t.add("repo/v5/src/model.py");  // 1
  t.add("repo/v5/tools/run.py");  // 2
  t.add("repo/common.py");        // 3
  EXPECT_EQ(t.find("repo/v4/train.py", "src.model"), 0);
  EXPECT_EQ(t.find("repo/v5/train.py", "src.model"), 1);
  EXPECT_EQ(t.find("repo/v5/tools/run.py", "src.model"), 1);
  EXPECT_EQ(t.find("repo/v5/tools/run.py", "common"), 3);
  EXPECT_EQ(t.find("repo/train.py", "src.model"), 0);  // neither nearer: the first added
}

// `lightfix check lit.py` in pkg/ checks it with ../train.py, which imports
// it as `pkg.lit`: one file however its path is spelt.
TEST(ModuleTable, PathsSpeltFromAnyFolderAreOneFile) {
  ModuleTable t;
  t.add("lit.py");
  std::string here = fs::current_path().filename().string();
  EXPECT_EQ(t.find("../train.py", here + ".lit"), 0);
  EXPECT_EQ(t.find((fs::current_path() / "x.py").string(), ".lit"), 0);
  EXPECT_EQ(t.find("../" + here + "/x.py", ".lit"), 0);
}

TEST(ModuleTable, RelativeNamesStartAtTheImportingFile) {
  ModuleTable t;
  t.add("repo/models/base.py");
  t.add("repo/models/vision/vit.py");
  t.add("repo/models/__init__.py");
  EXPECT_EQ(t.find("repo/models/vision/vit.py", "..base"), 0);
  EXPECT_EQ(t.find("repo/models/base.py", ".vision.vit"), 1);
  EXPECT_EQ(t.find("repo/models/base.py", "."), 2);
  EXPECT_EQ(t.find("repo/models/base.py", ".missing"), -1);
}

TEST(ModuleTable, AFolderWithADotIsNoPackage) {
  ModuleTable t;
  t.add("my.repo/models/base.py");
  EXPECT_EQ(t.find("x.py", "models.base"), 0);
  EXPECT_EQ(t.find("x.py", "my.repo.models.base"), -1);
}

}  // namespace
}  // namespace lightfix
