#include "model/lightning_classes.h"

#include <gtest/gtest.h>

#include "semantics/imports.h"

namespace lightfix {
namespace {

TEST(LightningClasses, LightningsOwnSubclassesAreKnownThroughAnyPackage) {
  for (const char* q : {"lightning.pytorch.demos.boring_classes.BoringModel",
                        "pytorch_lightning.demos.boring_classes.BoringModel",
                        "lightning.pytorch.demos.BoringModel"}) {
    const LightningClass* c = lightningClass(q);
    ASSERT_NE(c, nullptr) << q;
    EXPECT_EQ(c->kind, LightningKind::LightningModule) << q;
    EXPECT_FALSE(c->manualOptimization) << q;
    EXPECT_TRUE(isLightningModuleClass(q)) << q;
  }
  EXPECT_TRUE(lightningClass("lightning.pytorch.demos.boring_classes.ManualOptimBoringModel")
                  ->manualOptimization);
  EXPECT_EQ(lightningClass("pytorch_lightning.callbacks.ModelCheckpoint")->kind,
            LightningKind::Callback);
  // Not Lightning's: another package's class of the same name.
  EXPECT_EQ(lightningClass("mylib.models.BoringModel"), nullptr);
  EXPECT_FALSE(isLightningModuleClass("lightning.pytorch.callbacks.ModelCheckpoint"));
}

TEST(LightningClasses, TheHalfOfLightningPicksTheDefinition) {
  EXPECT_EQ(lightningClass("lightning.fabric.strategies.DDPStrategy")->module,
            "lightning.fabric.strategies.ddp");
  EXPECT_EQ(lightningClass("lightning_fabric.strategies.DDPStrategy")->module,
            "lightning.fabric.strategies.ddp");
  EXPECT_EQ(lightningClass("lightning.pytorch.strategies.DDPStrategy")->module,
            "lightning.pytorch.strategies.ddp");
  EXPECT_EQ(lightningClass("pytorch_lightning.strategies.DeepSpeedStrategy")->kind,
            LightningKind::DeepSpeedStrategy);
  EXPECT_TRUE(isFabricClass("lightning.Fabric"));
  EXPECT_TRUE(isFabricClass("lightning_fabric.Fabric"));
}

}  // namespace
}  // namespace lightfix
