#include "model/strategy.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace lightfix {
namespace {

using testing::Parsed;

Strategy::Kind fabricStrategy(const std::string& code) {
  Parsed p("import lightning as L\n" + code);
  EXPECT_EQ(p.model.fabrics().size(), 1u) << code;
  return p.model.fabrics().empty() ? Strategy::NotDeepSpeed : p.model.fabrics()[0].strategy.kind;
}

TEST(Strategy, Literals) {
  EXPECT_EQ(fabricStrategy("f = L.Fabric(strategy='deepspeed')\n"), Strategy::DeepSpeed);
  EXPECT_EQ(fabricStrategy("f = L.Fabric(strategy='deepspeed_stage_3_offload')\n"),
            Strategy::DeepSpeed);
  EXPECT_EQ(fabricStrategy("f = L.Fabric(strategy='ddp')\n"), Strategy::NotDeepSpeed);
  EXPECT_EQ(fabricStrategy("f = L.Fabric()\n"), Strategy::NotDeepSpeed);
}

TEST(Strategy, ThroughVariablesAndStrategyObjects) {
  EXPECT_EQ(fabricStrategy("s = 'deepspeed'\nf = L.Fabric(strategy=s)\n"), Strategy::DeepSpeed);
  EXPECT_EQ(fabricStrategy("from lightning.fabric.strategies import DeepSpeedStrategy\n"
                           "f = L.Fabric(strategy=DeepSpeedStrategy(stage=3))\n"),
            Strategy::DeepSpeed);
  EXPECT_EQ(fabricStrategy("from lightning.fabric.strategies import DDPStrategy\n"
                           "f = L.Fabric(strategy=DDPStrategy())\n"),
            Strategy::NotDeepSpeed);
}

TEST(Strategy, NamesBuiltAtRunTime) {
  // Folded whole...
  EXPECT_EQ(fabricStrategy("n = 2\nf = L.Fabric(strategy=f'deepspeed_stage_{n}')\n"),
            Strategy::DeepSpeed);
  EXPECT_EQ(fabricStrategy("f = L.Fabric(strategy='deepspeed_stage_%d_offload' % 3)\n"),
            Strategy::DeepSpeed);
  EXPECT_EQ(fabricStrategy("kind = 'spawn'\nf = L.Fabric(strategy='ddp_{}'.format(kind))\n"),
            Strategy::NotDeepSpeed);
  // ...or by the start that decides the family.
  EXPECT_EQ(fabricStrategy("f = L.Fabric(strategy=f'DeepSpeed_stage_{args.stage}')\n"),
            Strategy::DeepSpeed);
  EXPECT_EQ(fabricStrategy("f = L.Fabric(strategy='deepspeed_stage_' + str(args.stage))\n"),
            Strategy::DeepSpeed);
  EXPECT_EQ(fabricStrategy("f = L.Fabric(strategy=f'fsdp_{args.kind}')\n"), Strategy::NotDeepSpeed);
  EXPECT_EQ(fabricStrategy("f = L.Fabric(strategy=f'{args.kind}_stage_2')\n"),
            Strategy::MaybeDeepSpeed);
  EXPECT_EQ(fabricStrategy("f = L.Fabric(strategy=f'deep{args.rest}')\n"),
            Strategy::MaybeDeepSpeed);
}

TEST(Strategy, UnknownValuesMayBeDeepSpeed) {
  EXPECT_EQ(fabricStrategy("f = L.Fabric(strategy=cfg['strategy'])\n"), Strategy::MaybeDeepSpeed);
  EXPECT_EQ(fabricStrategy("f = L.Fabric(strategy='deepspeed' if big else 'ddp')\n"),
            Strategy::MaybeDeepSpeed);
  EXPECT_EQ(fabricStrategy("f = L.Fabric(**kwargs)\n"), Strategy::MaybeDeepSpeed);
}

TEST(Strategy, KwargsFromADictTheFileBuilds) {
  EXPECT_EQ(fabricStrategy("kw = dict(devices=2)\nkw['strategy'] = 'deepspeed'\n"
                           "f = L.Fabric(**kw)\n"),
            Strategy::DeepSpeed);
  EXPECT_EQ(fabricStrategy("kw = {'strategy': 'ddp'}\nif big:\n    kw['strategy'] = 'deepspeed'\n"
                           "f = L.Fabric(**kw)\n"),
            Strategy::MaybeDeepSpeed);
  EXPECT_EQ(fabricStrategy("kw = load()\nkw.update(strategy='ddp')\nf = L.Fabric(**kw)\n"),
            Strategy::NotDeepSpeed);
  EXPECT_EQ(fabricStrategy("kw = {'strategy': 'deepspeed'}\nkw.pop('strategy')\n"
                           "f = L.Fabric(**kw)\n"),
            Strategy::NotDeepSpeed);
  // `*args` may pass it by position.
  EXPECT_EQ(fabricStrategy("kw = {}\nf = L.Fabric(*args, **kw)\n"), Strategy::MaybeDeepSpeed);
  EXPECT_EQ(fabricStrategy("cfg = {'fabric': {'strategy': 'deepspeed'}}\n"
                           "f = L.Fabric(strategy=cfg['fabric']['strategy'])\n"),
            Strategy::DeepSpeed);
}

TEST(Strategy, ArgparseDefaultsAndChoices) {
  const std::string parser =
      "import argparse\n"
      "parser = argparse.ArgumentParser()\n";
  EXPECT_EQ(fabricStrategy(parser + "parser.add_argument('--strategy', default='deepspeed')\n"
                                    "args = parser.parse_args()\n"
                                    "f = L.Fabric(strategy=args.strategy)\n"),
            Strategy::DeepSpeed);
  EXPECT_EQ(fabricStrategy(parser + "parser.add_argument('--strategy', default='ddp',"
                                    " choices=['ddp', 'deepspeed'])\n"
                                    "args = parser.parse_args()\n"
                                    "f = L.Fabric(strategy=args.strategy)\n"),
            Strategy::MaybeDeepSpeed);
  EXPECT_EQ(fabricStrategy(parser + "parser.add_argument('--dist-strategy', default='ddp')\n"
                                    "args = parser.parse_args()\n"
                                    "f = L.Fabric(strategy=args.dist_strategy)\n"),
            Strategy::NotDeepSpeed);
}

TEST(Strategy, ParametersTakeTheirCallersValues) {
  EXPECT_EQ(fabricStrategy("def make(s):\n    return L.Fabric(strategy=s)\n"
                           "make('deepspeed')\n"),
            Strategy::DeepSpeed);
  EXPECT_EQ(fabricStrategy("def make(s):\n    return L.Fabric(strategy=s)\n"
                           "make('deepspeed')\nmake('ddp')\n"),
            Strategy::MaybeDeepSpeed);
}

TEST(Strategy, PytestParametrizeListsTheValues) {
  const std::string body = "def test_it(strategy, precision):\n    L.Fabric(strategy=strategy)\n";
  EXPECT_EQ(fabricStrategy("@pytest.mark.parametrize('strategy', ['ddp', 'fsdp'])\n" + body),
            Strategy::NotDeepSpeed);
  EXPECT_EQ(fabricStrategy("@pytest.mark.parametrize(('strategy', 'precision'), "
                           "[('ddp', 32), pytest.param('deepspeed', 16, marks=x)])\n" +
                           body),
            Strategy::MaybeDeepSpeed);
  EXPECT_EQ(
      fabricStrategy("@pytest.mark.parametrize('precision,strategy', [(32, 'ddp')])\n" + body),
      Strategy::NotDeepSpeed);
  EXPECT_EQ(fabricStrategy(body), Strategy::MaybeDeepSpeed);  // no values known
}

TEST(Strategy, TargetStrategyMakesEveryFabricDeepSpeed) {
  ModelOptions options;
  options.targetDeepSpeed = true;
  Parsed p("import lightning as L\nf = L.Fabric(strategy='ddp')\n", options);
  ASSERT_EQ(p.model.fabrics().size(), 1u);
  EXPECT_EQ(p.model.fabrics()[0].strategy.kind, Strategy::DeepSpeed);
}

}  // namespace
}  // namespace lightfix
