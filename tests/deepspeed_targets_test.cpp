#include "matchers/deepspeed_targets.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace lightfix {
namespace {

using testing::Parsed;

int stageOf(const std::string& code) {
  Parsed p(code);
  if (p.model.fabrics().empty()) return -1;
  return statedZeroStage(p.model.fabrics()[0].strategy, p.model);
}

TEST(StatedZeroStage, FromTheRegisteredName) {
  EXPECT_EQ(stageOf("from lightning import Fabric\nf = Fabric(strategy='deepspeed_stage_3')\n"), 3);
  EXPECT_EQ(
      stageOf("from lightning import Fabric\nf = Fabric(strategy='DeepSpeed_Stage_3_Offload')\n"),
      3);
  EXPECT_EQ(stageOf("from lightning import Fabric\nf = Fabric(strategy='deepspeed_stage_2')\n"), 2);
}

TEST(StatedZeroStage, FromTheStrategyObjectThroughAName) {
  EXPECT_EQ(stageOf("from lightning.fabric import Fabric\n"
                    "from lightning.fabric.strategies import DeepSpeedStrategy\n"
                    "s = DeepSpeedStrategy(stage=3, offload_parameters=True)\n"
                    "f = Fabric(strategy=s)\n"),
            3);
}

TEST(StatedZeroStage, FromAConfigDict) {
  const std::string head =
      "from lightning.fabric import Fabric\n"
      "from lightning.fabric.strategies import DeepSpeedStrategy\n";
  EXPECT_EQ(stageOf(head + "cfg = {'zero_optimization': {'stage': 3}}\n"
                           "f = Fabric(strategy=DeepSpeedStrategy(config=cfg))\n"),
            3);
  EXPECT_EQ(stageOf(head + "cfg = {'zero_optimization': {'stage': 2}}\n"
                           "cfg['zero_optimization']['stage'] = 3\n"
                           "f = Fabric(strategy=DeepSpeedStrategy(config=cfg))\n"),
            3);
  // The config wins over `stage=`, which Lightning then ignores.
  EXPECT_EQ(stageOf(head + "f = Fabric(strategy=DeepSpeedStrategy(stage=3, "
                           "config={'zero_optimization': {'stage': 2}}))\n"),
            2);
  EXPECT_EQ(stageOf(head + "f = Fabric(strategy=DeepSpeedStrategy(config=load()))\n"), 0);
}

TEST(StatedZeroStage, UnknownWhenNotStated) {
  EXPECT_EQ(stageOf("from lightning import Fabric\nf = Fabric(strategy='deepspeed')\n"), 0);
  EXPECT_EQ(stageOf("from lightning.fabric import Fabric\n"
                    "from lightning.fabric.strategies import DeepSpeedStrategy\n"
                    "f = Fabric(strategy=DeepSpeedStrategy(stage=n))\n"),
            0);
  EXPECT_EQ(stageOf("from lightning.fabric import Fabric\n"
                    "from lightning.fabric.strategies import DeepSpeedStrategy\n"
                    "f = Fabric(strategy=DeepSpeedStrategy(config='ds.json'))\n"),
            0);
  // `--target-strategy deepspeed` states no stage.
  Parsed p("from lightning import Fabric\nf = Fabric(strategy='ddp')\n", ModelOptions{true});
  EXPECT_EQ(statedZeroStage(p.model.fabrics()[0].strategy, p.model), 0);
}

TEST(LiteralIs, ReadsCaseInsensitively) {
  Parsed p("a = 'VaLuE'\nb = x\n");
  EXPECT_TRUE(literalIs(p.find("string", "'VaLuE'"), p.file.text(), "value"));
  EXPECT_FALSE(literalIs(p.find("identifier", "x"), p.file.text(), "value"));
}

}  // namespace
}  // namespace lightfix
