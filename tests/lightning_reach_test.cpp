#include "driver/lightning_reach.h"

#include <gtest/gtest.h>

#include <map>

namespace lightfix {
namespace {

// The files of `project` (path → text), read and about to be parsed, and
// which markUnreached leaves unreached.
std::vector<std::string> unreachedOf(const std::map<std::string, std::string>& project) {
  std::vector<FileSlot> slots;
  for (const auto& [path, text] : project) {
    FileSlot& slot = slots.emplace_back();
    slot.path = "/project/" + path;
    slot.stage = SlotStage::ToParse;
    slot.text = text;
    slot.imports = lexicalImports(text);
  }
  markUnreached(slots, "");
  std::vector<std::string> out;
  for (const FileSlot& slot : slots) {
    if (!slot.unreached) continue;
    EXPECT_EQ(slot.stage, SlotStage::Dropped) << slot.path;
    EXPECT_TRUE(slot.text.empty()) << slot.path;
    out.push_back(slot.path.substr(std::string("/project/").size()));
  }
  return out;
}

using Paths = std::vector<std::string>;

TEST(LightningReach, AFileNoImportJoinsToLightningIsUnreached) {
  EXPECT_EQ(unreachedOf({
                {"train.py", "import lightning as L\nfrom helpers import seed\n"},
                {"helpers.py", "import random\n"},
                // A caller of a helper can hand it a value: joined through it.
                {"caller.py", "from helpers import seed\nseed(trainer)\n"},
                {"sklearn_fit.py", "from sklearn import svm\nsvm.SVC().fit(x, y)\n"},
                {"tools/other.py", "from sklearn_fit import svm\n"},
            }),
            (Paths{"sklearn_fit.py", "tools/other.py"}));
}

TEST(LightningReach, APackageImportReachesEveryModuleBelowIt) {
  // `import pkg` then `pkg.sub.mod.build()`: pkg/sub/mod.py is reachable.
  EXPECT_EQ(unreachedOf({
                {"train.py", "import pytorch_lightning as pl\nimport pkg\n"},
                {"pkg/__init__.py", ""},
                {"pkg/sub/mod.py", "def build(): pass\n"},
                {"other/mod.py", "def build(): pass\n"},
            }),
            (Paths{"other/mod.py"}));
}

TEST(LightningReach, RelativeAndStarImportsJoinAsTheModelResolvesThem) {
  EXPECT_EQ(unreachedOf({
                {"pkg/model.py", "from lightning.fabric import Fabric\nfrom .parts import *\n"},
                // The star import hands model.py `Base`, which it resolves
                // from its own folder: pkg/base.py.
                {"pkg/parts.py", "from .base import Base\n"},
                {"pkg/base.py", "class Base: pass\n"},
                {"lonely/parts.py", "from .base import Base\n"},
                {"lonely/base.py", "class Base: pass\n"},
            }),
            (Paths{"lonely/base.py", "lonely/parts.py"}));
}

TEST(LightningReach, WithoutLightningNothingIsReached) {
  EXPECT_EQ(unreachedOf({
                {"a.py", "import b\ntrainer.fit(model)\n"},
                {"b.py", "def setup(): pass\n"},
            }),
            (Paths{"a.py", "b.py"}));
}

}  // namespace
}  // namespace lightfix
