#include "model/deepspeed_config.h"

#include <gtest/gtest.h>

#include "model/project_index.h"

namespace lightfix {
namespace {

TEST(DeepSpeedJson, OnlyAnObjectWithDeepSpeedKeysIsAConfig) {
  EXPECT_TRUE(readDeepSpeedJson("ds.json", R"({"zero_optimization": {"stage": 3}})"));
  EXPECT_TRUE(readDeepSpeedJson("ds.json", R"({"train_micro_batch_size_per_gpu": 4})"));
  EXPECT_FALSE(readDeepSpeedJson("labels.json", R"({"classes": ["cat"]})"));
  EXPECT_FALSE(readDeepSpeedJson("list.json", R"([{"zero_optimization": 1}])"));
  EXPECT_FALSE(readDeepSpeedJson("broken.json", R"({"zero_optimization": )"));
}

TEST(DeepSpeedJson, APathIsFoundFromTheFileOrAFolderAboveIt) {
  ProjectIndex index;
  index.addJsonConfig("repo/configs/ds.json", R"({"zero_optimization": {"stage": 2}})");
  index.addJsonConfig("repo/train/local.json", R"({"zero_optimization": {"stage": 3}})");
  index.addJsonConfig("repo/data/labels.json", R"({"classes": []})");
  const DeepSpeedJson* fromRoot = index.deepSpeedConfig("repo/train/fit.py", "configs/ds.json");
  ASSERT_NE(fromRoot, nullptr);
  EXPECT_EQ(fromRoot->path, "repo/configs/ds.json");
  const DeepSpeedJson* beside = index.deepSpeedConfig("repo/train/fit.py", "./local.json");
  ASSERT_NE(beside, nullptr);
  EXPECT_EQ(beside->path, "repo/train/local.json");
  EXPECT_EQ(index.deepSpeedConfig("repo/train/fit.py", "../configs/ds.json"), fromRoot);
  EXPECT_EQ(index.deepSpeedConfig("repo/train/fit.py", "data/labels.json"), nullptr);
  EXPECT_EQ(index.deepSpeedConfig("repo/train/fit.py", "configs/missing.json"), nullptr);
}

}  // namespace
}  // namespace lightfix
