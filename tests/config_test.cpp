#include "config/config.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "model/config_files.h"
#include "test_support.h"

namespace lightfix {
namespace {

namespace fs = std::filesystem;

TEST(Config, ReadsToolLightfix) {
  fs::path dir = testing::freshTempDir();
  std::ofstream(dir / "pyproject.toml") << "[project]\nname = 'x'\n\n[tool.lightfix]\n"
                                           "select = ['LF001', 'LF002']\nignore = ['LF003']\n"
                                           "exclude = ['vendor/']\ntarget-strategy = 'deepspeed'\n"
                                           "per-file-ignores = {'legacy/*' = ['LF001']}\n"
                                           "python-path = '.venv/bin/python'\n";
  std::string error;
  auto config = readConfig((dir / "pyproject.toml").string(), error);
  ASSERT_TRUE(config) << error;
  EXPECT_EQ(config->pythonPath, ".venv/bin/python");
  EXPECT_EQ(config->select, (std::vector<std::string>{"LF001", "LF002"}));
  EXPECT_EQ(config->ignore, (std::vector<std::string>{"LF003"}));
  EXPECT_EQ(config->exclude, (std::vector<std::string>{"vendor/"}));
  EXPECT_EQ(config->targetStrategy, "deepspeed");
  EXPECT_EQ(config->ignoredFor((dir / "legacy/old.py").string()),
            (std::vector<std::string>{"LF001"}));
  EXPECT_TRUE(config->ignoredFor((dir / "train.py").string()).empty());
}

TEST(Config, MalformedFilesAndValuesAreOneLineErrors) {
  fs::path dir = testing::freshTempDir();
  std::ofstream(dir / "pyproject.toml") << "[tool.lightfix\nselect = 1\n";
  std::string error;
  EXPECT_FALSE(readConfig((dir / "pyproject.toml").string(), error));
  EXPECT_NE(error.find("pyproject.toml:1"), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos);
  std::ofstream(dir / "pyproject.toml") << "[tool.lightfix]\nselect = 'LF001'\n";
  EXPECT_FALSE(readConfig((dir / "pyproject.toml").string(), error));
  EXPECT_NE(error.find("`select` must be an array of strings"), std::string::npos) << error;
}

TEST(Config, FoundByWalkingUpToTheNearestToolLightfix) {
  fs::path dir = testing::freshTempDir();
  fs::create_directories(dir / "pkg/sub");
  std::ofstream(dir / "pyproject.toml") << "[tool.lightfix]\nignore = ['LF003']\n";
  std::ofstream(dir / "pkg/pyproject.toml") << "[tool.ruff]\nline-length = 100\n";
  EXPECT_EQ(findConfig((dir / "pkg/sub").string()), (dir / "pyproject.toml").string());
}

TEST(ConfigFiles, LaunchersAreShellScriptsAndMakefiles) {
  for (const char* path : {"run.sh", "scripts/train.bash", "Makefile", "makefiles/Makefile.stage2",
                           "GNUmakefile", "jobs/train.mk"})
    EXPECT_TRUE(isLauncherPath(path)) << path;
  for (const char* path : {"train.py", "conf.yaml", "Makefile_notes.txt", "ds.json", "sh"})
    EXPECT_FALSE(isLauncherPath(path)) << path;
}

TEST(ConfigFiles, YamlTrainerStrategies) {
  auto s = yamlTrainerStrategies("configs/train.yaml",
                                 "seed_everything: 1\ntrainer:\n  devices: 8\n"
                                 "  strategy: deepspeed_stage_2\nmodel:\n  lr: 0.1\n");
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].line, 4u);
  EXPECT_EQ(s[0].kind, Strategy::DeepSpeed);
  s = yamlTrainerStrategies("c.yaml",
                            "trainer:\n  strategy:\n    class_path: "
                            "lightning.pytorch.strategies.DeepSpeedStrategy\n"
                            "    init_args:\n      stage: 3\n");
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].line, 3u);
  EXPECT_TRUE(yamlTrainerStrategies("c.yaml", "trainer:\n  strategy: ddp\n").empty());
  EXPECT_EQ(yamlTrainerStrategies("conf/trainer/ds.yaml", "strategy: deepspeed\n").size(), 1u);
  EXPECT_TRUE(yamlTrainerStrategies("c.yaml", "trainer: [unbalanced\n").empty());
  // Hydra builds a `_target_` object.
  EXPECT_EQ(yamlTrainerStrategies("conf/trainer/ds.yaml",
                                  "strategy: {_target_: pytorch_lightning.strategies."
                                  "DeepSpeedStrategy, stage: 1}\n")
                .size(),
            1u);
}

TEST(ConfigFiles, YamlModelChoiceNamesTheModuleAndWhetherAStrategyIsSet) {
  YamlModelChoice c = yamlModelChoice(
      "trainer:\n  strategy: ddp\nmodel:\n  class_path: models.Ranker\n  init_args: {}\n");
  EXPECT_EQ(c.classPath, "models.Ranker");
  EXPECT_TRUE(c.setsStrategy);
  c = yamlModelChoice("trainer:\n  devices: 2\nmodel:\n  class_path: models.A\n");
  EXPECT_EQ(c.classPath, "models.A");
  EXPECT_FALSE(c.setsStrategy);
  c = yamlModelChoice("model:\n  hidden: 128\n");  // not subclass mode: no class named
  EXPECT_EQ(c.classPath, "");
  c = yamlModelChoice("model: [unbalanced\n");
  EXPECT_EQ(c.classPath, "");
  // latent-diffusion: `instantiate_from_config(config.model)`, and the Trainer
  // of its `lightning:` section.
  c = yamlModelChoice(
      "model:\n  target: ldm.models.autoencoder.AutoencoderKL\n  params: {embed_dim: 4}\n"
      "lightning:\n  trainer:\n    strategy: deepspeed_stage_2\n");
  EXPECT_EQ(c.classPath, "ldm.models.autoencoder.AutoencoderKL");
  EXPECT_TRUE(c.setsStrategy);
  // The classes inside the model's arguments are its parts.
  c = yamlModelChoice(
      "model:\n  target: cldm.ControlLDM\n  params:\n    first_stage_config:\n"
      "      target: ldm.AutoencoderKL\n    cond_stage_config: {target: ldm.FrozenCLIP}\n"
      "data:\n  target: main.DataModule\n");
  EXPECT_EQ(c.classPath, "cldm.ControlLDM");
  EXPECT_EQ(c.partClassPaths, (std::vector<std::string>{"ldm.AutoencoderKL", "ldm.FrozenCLIP"}));
  // Its descendants (ToonCrafter) read `lightning: strategy:` beside it.
  c = yamlModelChoice("model:\n  target: lvdm.Net\nlightning:\n  strategy: ddp\n  trainer: {}\n");
  EXPECT_TRUE(c.setsStrategy);
}

// A latent-diffusion `lightning:` section: the keywords its script hands
// the Trainer beside the `trainer:` section, and callbacks by name.
TEST(ConfigFiles, LatentDiffusionLightningSectionBesideItsTrainer) {
  const std::string text =
      "model:\n  target: ldm.Net\n  params:\n    precision: 64\n"
      "lightning:\n  precision: 64\n  strategy: deepspeed_stage_2\n"
      "  callbacks:\n    logger:\n      target: main.ImageLogger\n"
      "      params: {batch_frequency: 100}\n"
      "    swa:\n      target: pytorch_lightning.callbacks.StochasticWeightAveraging\n"
      "  trainer:\n    devices: 1\n";
  std::vector<YamlScalar> strategies = yamlTrainerStrategyValues("configs/a.yaml", text);
  ASSERT_EQ(strategies.size(), 1u);
  EXPECT_EQ(strategies[0].line, 7);
  std::vector<YamlScalar> precision = yamlTrainerValues("configs/a.yaml", text, "precision");
  ASSERT_EQ(precision.size(), 1u);  // not the model's own `precision:`
  EXPECT_EQ(precision[0].line, 6);
  std::vector<YamlScalar> callbacks = yamlTrainerObjects("configs/a.yaml", text, "callbacks");
  ASSERT_EQ(callbacks.size(), 2u);
  EXPECT_EQ(callbacks[0].value, "main.ImageLogger");
  EXPECT_EQ(callbacks[1].value, "pytorch_lightning.callbacks.StochasticWeightAveraging");
  // One object's own arguments hold no callbacks, whatever their keys.
  callbacks = yamlTrainerObjects(
      "configs/b.yaml",
      "trainer:\n  callbacks:\n    class_path: my.Callback\n    init_args:\n"
      "      inner: {class_path: my.Other}\n    extra:\n      target: my.Third\n",
      "callbacks");
  ASSERT_EQ(callbacks.size(), 1u);
  EXPECT_EQ(callbacks[0].value, "my.Callback");
  // `target:` names a class only in objects by name, not in a list's.
  EXPECT_TRUE(
      yamlTrainerObjects("configs/c.yaml", "trainer:\n  callbacks:\n  - target: x.Y\n", "callbacks")
          .empty());
}

TEST(ConfigFiles, YamlModelChoiceTellsALightningCliOptimizer) {
  EXPECT_TRUE(yamlModelChoice("optimizer:\n  class_path: torch.optim.AdamW\n").setsOptimizer);
  EXPECT_TRUE(yamlModelChoice("optimizer: Adam\n").setsOptimizer);
  EXPECT_FALSE(yamlModelChoice("optimizer: null\n").setsOptimizer);
  EXPECT_FALSE(yamlModelChoice("model:\n  optimizer: adam\n").setsOptimizer);
}

// OmegaConf's `???` (a value the command line must give) is no complex key:
// the rest of the file is still read, at the same lines.
// What a script that loads the file itself reads at a key path.
TEST(ConfigFiles, YamlEntryAtAKeyPath) {
  const std::string text = "x: ???\ntraining:\n  epochs: 3\n  strategy: deepspeed_stage_2\n";
  YamlEntry strategy = yamlEntryAt(text, {"training", "strategy"});
  EXPECT_EQ(strategy.kind, YamlEntry::Scalar);
  EXPECT_EQ(strategy.scalar.value, "deepspeed_stage_2");
  EXPECT_EQ(strategy.scalar.line, 4u);
  EXPECT_EQ(yamlEntryAt(text, {"training", "precision"}).kind, YamlEntry::Absent);
  EXPECT_EQ(yamlEntryAt(text, {"training"}).kind, YamlEntry::Other);
  EXPECT_EQ(yamlEntryAt(text, {"training", "epochs", "more"}).kind, YamlEntry::Other);
  EXPECT_EQ(yamlEntryAt("a: [1,\n", {"a", "b"}).kind, YamlEntry::Other);
}

TEST(ConfigFiles, MandatoryValuesDoNotHideTheRestOfTheFile) {
  std::vector<StrategySource> found = yamlTrainerStrategies(
      "conf/config.yaml",
      "train_ds: ???  # given on the command line\nitems:\n  - ???\nkey: '\?\?\?'\n"
      "trainer:\n  strategy: deepspeed_stage_2\n");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].line, 6u);
  EXPECT_TRUE(yamlParses("a: ???\nb: 1\n"));
}

}  // namespace
}  // namespace lightfix
