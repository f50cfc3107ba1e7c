#include "semantics/imports.h"

#include <gtest/gtest.h>

#include "model/lightning_classes.h"
#include "test_support.h"

namespace lightfix {
namespace {

using testing::Parsed;

std::string qualified(const Parsed& p, const char* type, std::string_view text) {
  auto q = p.model.imports().qualify(p.find(type, text), p.file.text());
  return q ? *q : "<none>";
}

TEST(Imports, ResolvesEveryImportStyle) {
  Parsed p(
      "import lightning as L\n"
      "import lightning.pytorch as pl\n"
      "from lightning.fabric import Fabric\n"
      "from lightning_fabric.strategies import DeepSpeedStrategy as DS\n"
      "import torch\n"
      "L.Fabric; pl.Trainer; Fabric; DS; torch.nn.Linear; other.Fabric\n");
  EXPECT_EQ(qualified(p, "attribute", "L.Fabric"), "lightning.Fabric");
  EXPECT_EQ(qualified(p, "attribute", "pl.Trainer"), "lightning.pytorch.Trainer");
  EXPECT_EQ(qualified(p, "attribute", "torch.nn.Linear"), "torch.nn.Linear");
  EXPECT_EQ(qualified(p, "attribute", "other.Fabric"), "<none>");
}

TEST(Imports, RecognisesLightningClassesByPackageNotBySpelling) {
  EXPECT_TRUE(isFabricClass("lightning.Fabric"));
  EXPECT_TRUE(isFabricClass("lightning.fabric.Fabric"));
  EXPECT_TRUE(isFabricClass("lightning_fabric.Fabric"));
  EXPECT_FALSE(isFabricClass("fabric.Fabric"));
  EXPECT_FALSE(isFabricClass("mylib.Fabric"));
  // LightningLite, Fabric's name before 2.0; only pytorch_lightning's is the 1.7 one LF008 is
  // about.
  EXPECT_TRUE(isFabricClass("pytorch_lightning.lite.LightningLite"));
  EXPECT_TRUE(isFabricClass("lightning_lite.LightningLite"));
  EXPECT_TRUE(isPytorchLightningLite("pytorch_lightning.lite.LightningLite"));
  EXPECT_FALSE(isPytorchLightningLite("lightning_lite.LightningLite"));
  EXPECT_FALSE(isPytorchLightningLite("lightning.fabric.Fabric"));
  EXPECT_TRUE(isTrainerClass("pytorch_lightning.Trainer"));
  EXPECT_FALSE(isTrainerClass("transformers.Trainer"));
  EXPECT_TRUE(isLightningModuleClass("lightning.pytorch.core.LightningModule"));
  EXPECT_TRUE(isDeepSpeedStrategyClass("lightning.pytorch.strategies.DeepSpeedStrategy"));
  EXPECT_FALSE(isDeepSpeedStrategyClass("deepspeed.DeepSpeedStrategy"));
  EXPECT_TRUE(isOtherStrategyClass("lightning.fabric.strategies.DDPStrategy"));
  EXPECT_FALSE(isOtherStrategyClass("lightning.fabric.strategies.DeepSpeedStrategy"));
}

}  // namespace
}  // namespace lightfix
