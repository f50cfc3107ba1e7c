// LF018, LF019 and LF020 in YAML configs: a Trainer argument DeepSpeed
// refuses (`accelerator: cpu`, `precision: 64`, an SWA callback) beside a
// strategy naming DeepSpeed. Reported, never fixed.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules/rule.h"
#include "rules/rule_specs.h"

namespace lightfix {

std::vector<Finding> matchYamlDeepspeedNeedsCuda(const ConfigContext& ctx);
std::vector<Finding> matchYamlPrecisionUnsupported(const ConfigContext& ctx);
std::vector<Finding> matchYamlCallbackUnsupported(const ConfigContext& ctx);

namespace {

// Each finding as "<the text it spans>: <message>", and "fix" if it has one.
std::vector<std::string> found(ConfigMatcher match, const RuleSpec& rule, const std::string& path,
                               const std::string& text) {
  std::vector<std::string> out;
  for (const Finding& f : match({rule, path, text, {}}))
    out.push_back(text.substr(f.start, f.end - f.start) + ": " + f.message + (f.fix ? " fix" : ""));
  return out;
}

TEST(YamlTrainerArguments, CpuAcceleratorBesideDeepSpeed) {
  auto cuda = [](const std::string& path, const std::string& text) {
    return found(matchYamlDeepspeedNeedsCuda, kDeepspeedNeedsCuda, path, text);
  };
  EXPECT_EQ(cuda("c.yaml", "trainer:\n  strategy: deepspeed_stage_2\n  accelerator: cpu\n"),
            (std::vector<std::string>{
                "cpu: DeepSpeed on the CPU accelerator; DeepSpeed (selected at line 2) raises "
                "\"The DeepSpeed strategy is only supported on CUDA GPUs but `CPUAccelerator` is "
                "used.\""}));
  EXPECT_EQ(cuda("conf/trainer/cpu.yaml",
                 "strategy: {class_path: lightning.pytorch.strategies.DeepSpeedStrategy}\n"
                 "accelerator:\n  class_path: lightning.pytorch.accelerators.CPUAccelerator\n")
                .size(),
            1U);
  EXPECT_TRUE(cuda("c.yaml", "trainer:\n  strategy: deepspeed\n  accelerator: gpu\n").empty());
  EXPECT_TRUE(cuda("c.yaml", "trainer:\n  strategy: ddp\n  accelerator: cpu\n").empty());
  // Fabric's accelerator class is no Trainer's: the Trainer refuses it first.
  EXPECT_TRUE(cuda("c.yaml",
                   "trainer:\n  strategy: deepspeed\n  accelerator:\n"
                   "    class_path: lightning.fabric.accelerators.CPUAccelerator\n")
                  .empty());
}

TEST(YamlTrainerArguments, PrecisionDeepSpeedRefuses) {
  auto precision = [](const std::string& text) {
    return found(matchYamlPrecisionUnsupported, kPrecisionUnsupportedDeepspeed, "c.yaml", text);
  };
  EXPECT_EQ(precision("trainer:\n  strategy: deepspeed_stage_3\n  precision: 64\n"),
            (std::vector<std::string>{
                "64: `precision: 64` under DeepSpeed, which supports only '32-true', '16-true', "
                "'bf16-true', '16-mixed', 'bf16-mixed'; DeepSpeed (selected at line 2) raises "
                "\"`Trainer(strategy='deepspeed', precision='64-true')` is not supported.\""}));
  EXPECT_EQ(precision("trainer:\n  strategy: deepspeed\n  precision: transformer-engine\n").size(),
            1U);
  EXPECT_TRUE(precision("trainer:\n  strategy: deepspeed\n  precision: bf16-mixed\n").empty());
  EXPECT_TRUE(precision("trainer:\n  strategy: fsdp\n  precision: 64\n").empty());
  // A precision plugin of its own decides instead.
  EXPECT_TRUE(precision("trainer:\n  strategy: deepspeed\n  precision: 64\n  plugins:\n"
                        "    - class_path: my.Plugin\n")
                  .empty());
}

TEST(YamlTrainerArguments, CallbacksThatRefuseDeepSpeed) {
  auto callbacks = [](const std::string& text) {
    return found(matchYamlCallbackUnsupported, kCallbackUnsupportedDeepspeed, "c.yaml", text);
  };
  EXPECT_EQ(
      callbacks("trainer:\n  strategy: deepspeed_stage_2\n  callbacks:\n"
                "    - class_path: lightning.pytorch.callbacks.ModelCheckpoint\n"
                "    - class_path: lightning.pytorch.callbacks.StochasticWeightAveraging\n"
                "      init_args: {swa_lrs: 0.01}\n"
                "    - {class_path: BackboneFinetuning}\n"),
      (std::vector<std::string>{
          "lightning.pytorch.callbacks.StochasticWeightAveraging: `StochasticWeightAveraging` "
          "callback under DeepSpeed; DeepSpeed (selected at line 2) raises \"SWA does not "
          "currently support sharded models.\"",
          "BackboneFinetuning: `BackboneFinetuning` callback under DeepSpeed; DeepSpeed (selected "
          "at line 2) raises \"The Finetuning callback does not support running with the "
          "DeepSpeed strategy.\""}));
  // One object rather than a list, and Hydra's spelling.
  EXPECT_EQ(callbacks("trainer:\n  strategy: deepspeed\n  callbacks:\n    _target_: "
                      "pytorch_lightning.callbacks.GradientAccumulationScheduler\n"
                      "    scheduling: {0: 4}\n")
                .size(),
            1U);
  EXPECT_TRUE(callbacks("trainer:\n  strategy: ddp\n  callbacks:\n"
                        "    - class_path: StochasticWeightAveraging\n")
                  .empty());
  // Another package's class of the same name is not Lightning's.
  EXPECT_TRUE(callbacks("trainer:\n  strategy: deepspeed\n  callbacks:\n"
                        "    - class_path: mine.StochasticWeightAveraging\n")
                  .empty());
}

}  // namespace
}  // namespace lightfix
