// LF014's fix in a YAML config: the object to write, spelled for the
// reader of the file, or no fix when the reader is unknown.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "edit/apply_fixes.h"
#include "rules/rule.h"
#include "rules/rule_specs.h"

namespace lightfix {

std::vector<Finding> matchYamlStrategyName(const ConfigContext& ctx);

namespace {

// The fixed text, or "<no fix>".
std::string fixed(const std::string& path, const std::string& text,
                  const std::string& cliPackage = "", const std::string& hydraPackage = "") {
  std::vector<Finding> found =
      matchYamlStrategyName({kTrainerStrategyNameInvalid, path, text, {cliPackage, hydraPackage}});
  EXPECT_EQ(found.size(), 1u) << text;
  if (found.empty() || !found[0].fix) return "<no fix>";
  return applyEdits(text, found[0].fix->edits);
}

TEST(YamlStrategyName, LightningCliOfTheProject) {
  EXPECT_EQ(
      fixed("c.yaml", "trainer:\n  strategy: deepspeed_stage_1_offload\n", "pytorch_lightning"),
      "trainer:\n  strategy: {class_path: pytorch_lightning.strategies.DeepSpeedStrategy, "
      "init_args: {stage: 1, offload_optimizer: true}}\n");
  // No CLI seen and nothing in the file names a package.
  EXPECT_EQ(fixed("c.yaml", "trainer:\n  strategy: deepspeed_stage_1_offload\n"), "<no fix>");
}

TEST(YamlStrategyName, ClassPathsOfTheFile) {
  std::string text =
      "trainer:\n  strategy: \"DeepSpeed_Stage_1_Offload\"\n  logger:\n"
      "    class_path: lightning.pytorch.loggers.CSVLogger\n";
  EXPECT_EQ(fixed("c.yaml", text),
            "trainer:\n  strategy: {class_path: lightning.pytorch.strategies.DeepSpeedStrategy, "
            "init_args: {stage: 1, offload_optimizer: true}}\n  logger:\n"
            "    class_path: lightning.pytorch.loggers.CSVLogger\n");
  // The file and the project disagree: which package reads it is unclear.
  EXPECT_EQ(fixed("c.yaml", text, "pytorch_lightning"), "<no fix>");
}

TEST(YamlStrategyName, HydraTarget) {
  EXPECT_EQ(fixed("conf/trainer/offload.yaml",
                  "_target_: pytorch_lightning.Trainer\nstrategy: deepspeed_stage_1_offload\n"),
            "_target_: pytorch_lightning.Trainer\nstrategy: {_target_: "
            "pytorch_lightning.strategies.DeepSpeedStrategy, stage: 1, offload_optimizer: true}\n");
  // A Hydra group config that extends another names no package itself.
  EXPECT_EQ(fixed("conf/trainer/offload.yaml",
                  "defaults:\n  - default\nstrategy: deepspeed_stage_1_offload\n"),
            "<no fix>");
}

TEST(YamlStrategyName, HydraGroupSiblingsTellThePackage) {
  const char* text = "defaults:\n  - default\nstrategy: deepspeed_stage_1_offload\n";
  EXPECT_EQ(fixed("conf/trainer/offload.yaml", text, "", "lightning.pytorch"),
            "defaults:\n  - default\nstrategy: {_target_: "
            "lightning.pytorch.strategies.DeepSpeedStrategy, stage: 1, offload_optimizer: true}\n");
  // A `# @package` header is Hydra's, whatever the project shows.
  EXPECT_EQ(
      fixed("conf/trainer/offload.yaml",
            "# @package _group_\nstrategy: deepspeed_stage_1_offload\n", "", "lightning.pytorch"),
      "# @package _group_\nstrategy: {_target_: lightning.pytorch.strategies.DeepSpeedStrategy, "
      "stage: 1, offload_optimizer: true}\n");
  // No Hydra in the project: a `trainer/` file is a LightningCLI `--trainer` config.
  EXPECT_EQ(
      fixed("conf/trainer/ds.yaml", "strategy: deepspeed_stage_1_offload\n", "lightning.pytorch"),
      "strategy: {class_path: lightning.pytorch.strategies.DeepSpeedStrategy, init_args: "
      "{stage: 1, offload_optimizer: true}}\n");
  // The project also runs a LightningCLI: which reader builds it is unclear.
  EXPECT_EQ(fixed("conf/trainer/offload.yaml", text, "lightning.pytorch", "lightning.pytorch"),
            "<no fix>");
  // Its own `_target_` names the other package than its siblings.
  EXPECT_EQ(fixed("conf/trainer/offload.yaml",
                  "_target_: pytorch_lightning.Trainer\nstrategy: deepspeed_stage_1_offload\n", "",
                  "lightning.pytorch"),
            "<no fix>");
}

}  // namespace
}  // namespace lightfix
