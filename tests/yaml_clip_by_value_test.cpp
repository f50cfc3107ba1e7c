// LF012 in a YAML config: `gradient_clip_algorithm: value` where the same
// Trainer's strategy is DeepSpeed, fixed to `norm`.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "edit/apply_fixes.h"
#include "rules/rule.h"
#include "rules/rule_specs.h"

namespace lightfix {

std::vector<Finding> matchYamlClipByValue(const ConfigContext& ctx);

namespace {

// The fixed text of each finding's fix, in order.
std::vector<std::string> fixes(const std::string& path, const std::string& text) {
  std::vector<std::string> out;
  for (const Finding& f : matchYamlClipByValue({kClipByValueDeepspeed, path, text, {}}))
    out.push_back(f.fix ? applyEdits(text, f.fix->edits) : "<no fix>");
  return out;
}

TEST(YamlClipByValue, ATrainerSectionClippingByValueUnderDeepSpeed) {
  EXPECT_EQ(
      fixes("conf/train.yaml",
            "x: ???\ntrainer:\n  strategy: deepspeed_stage_3\n  gradient_clip_algorithm: "
            "'Value'\n"),
      (std::vector<std::string>{
          "x: ???\ntrainer:\n  strategy: deepspeed_stage_3\n  gradient_clip_algorithm: norm\n"}));
  // A Hydra `trainer/` group config is the Trainer's mapping itself, and a
  // `trainer:` in it too, as its strategy is read.
  EXPECT_EQ(fixes("configs/trainer/nested.yaml",
                  "trainer:\n  strategy: deepspeed_stage_2\n  gradient_clip_algorithm: value\n"),
            (std::vector<std::string>{
                "trainer:\n  strategy: deepspeed_stage_2\n  gradient_clip_algorithm: norm\n"}));
  EXPECT_EQ(
      fixes("configs/trainer/zero2.yaml",
            "strategy: deepspeed_stage_2\ngradient_clip_algorithm: value\n"),
      (std::vector<std::string>{"strategy: deepspeed_stage_2\ngradient_clip_algorithm: norm\n"}));
}

// The blanks before a comment stay, or `#` would join the value.
TEST(YamlClipByValue, KeepsTheCommentAfterTheValue) {
  EXPECT_EQ(fixes("configs/trainer/zero2.yaml",
                  "strategy: deepspeed_stage_2  # ZeRO 2\ngradient_clip_algorithm: value  # why\n"),
            (std::vector<std::string>{
                "strategy: deepspeed_stage_2  # ZeRO 2\ngradient_clip_algorithm: norm  # why\n"}));
}

TEST(YamlClipByValue, NothingWithoutADeepSpeedStrategyInTheFile) {
  EXPECT_TRUE(
      fixes("c.yaml", "trainer:\n  strategy: ddp\n  gradient_clip_algorithm: value\n").empty());
  EXPECT_TRUE(fixes("c.yaml", "trainer:\n  gradient_clip_algorithm: value\n").empty());
  EXPECT_TRUE(
      fixes("c.yaml", "trainer:\n  strategy: deepspeed_stage_2\n  gradient_clip_algorithm: norm\n")
          .empty());
  // The key of another section is not the Trainer's.
  EXPECT_TRUE(
      fixes("c.yaml",
            "trainer:\n  strategy: deepspeed_stage_2\nmodel:\n  gradient_clip_algorithm: value\n")
          .empty());
}

}  // namespace
}  // namespace lightfix
