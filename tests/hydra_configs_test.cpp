#include "model/hydra_configs.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "model/config_files.h"

namespace lightfix {
namespace {

// The configs of one project, each added as the driver adds it.
HydraConfigs project(const std::vector<std::pair<std::string, std::string>>& files) {
  HydraConfigs hydra;
  for (const auto& [path, text] : files) {
    std::vector<StrategySource> named = yamlTrainerStrategies(path, text);
    hydra.add(path, text, named.empty() ? 0 : named.front().line);
  }
  hydra.resolve();
  return hydra;
}

const char* const kDeepSpeedDefault =
    "_target_: lightning.pytorch.Trainer\naccelerator: gpu\nstrategy: deepspeed_stage_2\n";
const char* const kDdp = "defaults:\n  - default\n\nstrategy: ddp\n";

TEST(HydraConfigs, ReadsADefaultsList) {
  HydraConfigFile f = readHydraConfig(
      "# @package _global_\ndefaults:\n  - _self_\n  - data: mnist\n  - logger: null\n"
      "  - override /trainer: gpu\n  - optional local: default\n  - /callbacks: [base, ckpt]\n"
      "seed: 1\n");
  ASSERT_EQ(f.defaults.size(), 4u);
  EXPECT_EQ(f.defaults[0].group, "data");
  EXPECT_EQ(f.defaults[1].group, "/trainer");
  EXPECT_TRUE(f.defaults[1].override);
  EXPECT_EQ(f.defaults[2].group, "local");
  EXPECT_EQ(f.defaults[3].names, (std::vector<std::string>{"base", "ckpt"}));
  EXPECT_FALSE(f.setsStrategy);
  f = readHydraConfig(kDdp);
  EXPECT_TRUE(f.setsStrategy);
  EXPECT_EQ(f.deepSpeedLine, 0u);
  EXPECT_EQ(f.defaults[0].names, std::vector<std::string>{"default"});
  EXPECT_EQ(readHydraConfig("defaults: [unbalanced\n").defaults.size(), 0u);
}

TEST(HydraConfigs, TheDefaultTrainerConfigIsCertain) {
  HydraConfigs hydra =
      project({{"configs/train.yaml", "defaults:\n  - _self_\n  - trainer: default\n"},
               {"configs/trainer/default.yaml", kDeepSpeedDefault},
               {"configs/trainer/ddp.yaml", kDdp}});
  ASSERT_NE(hydra.trainer(), nullptr);
  EXPECT_EQ(hydra.trainer()->kind, Strategy::DeepSpeed);
  EXPECT_EQ(hydra.trainer()->path, "configs/trainer/default.yaml");
  EXPECT_EQ(hydra.trainer()->line, 3u);
}

TEST(HydraConfigs, AnotherConfigOfTheGroupIsOnlyPossible) {
  HydraConfigs hydra = project({{"configs/train.yaml", "defaults:\n  - trainer: ddp\n"},
                                {"configs/trainer/default.yaml", kDeepSpeedDefault},
                                {"configs/trainer/ddp.yaml", kDdp}});
  ASSERT_NE(hydra.trainer(), nullptr);
  EXPECT_EQ(hydra.trainer()->kind, Strategy::MaybeDeepSpeed);
}

TEST(HydraConfigs, AStrategyGroupGivesWhatItsComposedTargetIs) {
  const char* ddp = "_target_: lightning.pytorch.strategies.DDPStrategy\n";
  const char* deepSpeed =
      "# ZeRO 2\n_target_: lightning.pytorch.strategies.DeepSpeedStrategy\nstage: 2\n";
  auto group = [&](const char* picked, bool withDeepSpeed) {
    std::vector<std::pair<std::string, std::string>> files = {
        {"configs/config.yaml", std::string("defaults:\n  - /strategy: ") + picked + "\n"},
        {"configs/strategy/ddp.yaml", ddp},
        {"configs/strategy/fsdp.yaml", "_target_: lightning.pytorch.strategies.FSDPStrategy\n"}};
    if (withDeepSpeed) files.emplace_back("configs/strategy/deepspeed.yaml", deepSpeed);
    return project(files);
  };
  HydraConfigs picked = group("deepspeed", true);
  ASSERT_NE(picked.strategyGroup(), nullptr);
  EXPECT_EQ(picked.strategyGroup()->kind, Strategy::DeepSpeed);
  EXPECT_EQ(picked.strategyGroup()->path, "configs/strategy/deepspeed.yaml");
  EXPECT_EQ(picked.strategyGroup()->line, 2u);
  // Offered, not picked: a command line (`strategy=deepspeed`) may pick it.
  HydraConfigs offered = group("ddp", true);
  ASSERT_NE(offered.strategyGroup(), nullptr);
  EXPECT_EQ(offered.strategyGroup()->kind, Strategy::MaybeDeepSpeed);
  HydraConfigs without = group("ddp", false);
  ASSERT_NE(without.strategyGroup(), nullptr);
  EXPECT_EQ(without.strategyGroup()->kind, Strategy::NotDeepSpeed);
  // No such group: nothing is known of `instantiate(cfg.strategy)`.
  EXPECT_EQ(project({{"configs/trainer/ddp.yaml", kDdp}}).strategyGroup(), nullptr);
  EXPECT_EQ(group("ddp", false).trainer(), nullptr);
}

TEST(HydraConfigs, InheritedAndOverridden) {
  // gpu.yaml extends default.yaml; an experiment's `override` wins over
  // the primary's own pick.
  HydraConfigs hydra =
      project({{"conf/config.yaml", "defaults:\n  - trainer: cpu\n  - experiment: base\n"},
               {"conf/experiment/base.yaml", "defaults:\n  - override /trainer: gpu\n"},
               {"conf/trainer/cpu.yaml", "_target_: lightning.pytorch.Trainer\naccelerator: cpu\n"},
               {"conf/trainer/gpu.yaml", "defaults:\n  - default\naccelerator: gpu\n"},
               {"conf/trainer/default.yaml", kDeepSpeedDefault}});
  ASSERT_NE(hydra.trainer(), nullptr);
  EXPECT_EQ(hydra.trainer()->kind, Strategy::DeepSpeed);
  EXPECT_EQ(hydra.trainer()->path, "conf/trainer/default.yaml");
}

TEST(HydraConfigs, PickedByEveryPipeline) {
  // No primary composition reaches the group: each config that picks a
  // trainer picks a DeepSpeed one.
  std::vector<std::pair<std::string, std::string>> files = {
      {"configs/config.yaml", "defaults:\n  - experiment: base\n"},
      {"configs/pipeline/a.yaml", "defaults:\n  - /trainer: default\n"},
      {"configs/pipeline/b.yaml", "defaults:\n  - /trainer: default\n"},
      {"configs/trainer/default.yaml", kDeepSpeedDefault}};
  EXPECT_EQ(project(files).trainer()->kind, Strategy::DeepSpeed);
  files.push_back({"configs/pipeline/c.yaml", "defaults:\n  - /trainer: plain\n"});
  files.push_back({"configs/trainer/plain.yaml", "_target_: lightning.pytorch.Trainer\n"});
  EXPECT_EQ(project(files).trainer()->kind, Strategy::MaybeDeepSpeed);
}

TEST(HydraConfigs, NoDeepSpeedAnywhere) {
  EXPECT_EQ(project({{"configs/train.yaml", "defaults:\n  - trainer: ddp\n"},
                     {"configs/trainer/ddp.yaml", "strategy: ddp\n"}})
                .trainer(),
            nullptr);
  EXPECT_EQ(project({}).trainer(), nullptr);
}

TEST(HydraConfigs, AModelGroupGivesTheClassesOfItsFolder) {
  HydraConfigs hydra = project({
      {"conf/finetune/default.yaml", "defaults:\n  - model: ???\n  - _self_\ntrainer: {}\n"},
      {"conf/finetune/model/small.yaml", "_target_: pkg.model.Finetune\nlr: 0.1\n"},
      {"conf/finetune/model/base.yaml", "_target_: pkg.model.Finetune\nlr: 0.2\n"},
      {"conf/finetune/model/sub/large.yaml", "_target_: pkg.model.Large\n"},
      {"conf/pretrain/default.yaml", "trainer: {}\n"},
      {"conf/pretrain/model/small.yaml", "_target_: pkg.model.Pretrain\n"},
      {"conf/eval/default.yaml", "defaults:\n  - model: small\n"},
      {"conf/eval/model/small.yaml", "lr: 0.1\n"},
  });
  // Only the group's own folder, not its subgroups' nor another folder's.
  EXPECT_EQ(hydra.groupTargets("conf/finetune/default.yaml", "model"),
            (std::vector<std::string>{"pkg.model.Finetune", "pkg.model.Finetune"}));
  // No pick from the group: its folder says nothing of what this config builds.
  EXPECT_TRUE(hydra.groupTargets("conf/pretrain/default.yaml", "model").empty());
  // A config of the group that names no class: what is built is not known.
  EXPECT_TRUE(hydra.groupTargets("conf/eval/default.yaml", "model").empty());
}

TEST(HydraConfigs, TheGroupsTargetsTellItsTrainerPackage) {
  HydraConfigs hydra = project({{"conf/trainer/default.yaml", kDeepSpeedDefault},
                                {"conf/trainer/ddp.yaml", kDdp},
                                {"conf/model/net.yaml", "_target_: pytorch_lightning.X\n"}});
  EXPECT_EQ(hydra.groupTrainerPackage("conf/trainer/ddp.yaml"), "lightning.pytorch");
  // Not a trainer group config.
  EXPECT_EQ(hydra.groupTrainerPackage("conf/model/net.yaml"), "");
  // Siblings naming both packages: no package.
  HydraConfigs mixed =
      project({{"conf/trainer/default.yaml", kDeepSpeedDefault},
               {"conf/trainer/old.yaml", "_target_: pytorch_lightning.Trainer\n"}});
  EXPECT_EQ(mixed.groupTrainerPackage("conf/trainer/default.yaml"), "");
}

}  // namespace
}  // namespace lightfix
