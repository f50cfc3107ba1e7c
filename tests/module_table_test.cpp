#include "semantics/module_table.h"

#include <gtest/gtest.h>

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
  EXPECT_EQ(t.path(3), "repo/train.py");
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
