#include "model/project_index.h"

#include <gtest/gtest.h>

#include <memory>

#include "core/source_file.h"
#include "model/file_model.h"
#include "python/node.h"
#include "python/syntax_tree.h"

namespace lightfix {
namespace {

struct Project {
  void add(const std::string& path, const std::string& text) {
    files.push_back(std::make_unique<SourceFile>(path, text));
    trees.push_back(std::make_unique<SyntaxTree>(SyntaxTree::parse(files.back()->text())));
    models.push_back(std::make_unique<FileModel>(*files.back(), *trees.back(), ModelOptions{}));
    index.add(models.back().get());
  }
  void link() {
    std::vector<FileModel*> all;
    for (auto& m : models) all.push_back(m.get());
    FileModel::link(all, index);
  }
  std::vector<std::unique_ptr<SourceFile>> files;
  std::vector<std::unique_ptr<SyntaxTree>> trees;
  std::vector<std::unique_ptr<FileModel>> models;
  ProjectIndex index;
};

std::string pathOf(const FileModel* m) { return m ? m->file().path() : "<none>"; }

TEST(ProjectIndex, ResolvesRelativeAndAbsoluteModules) {
  Project p;
  p.add("repo/models/__init__.py", "");
  p.add("repo/models/base.py", "class Base: pass\n");
  p.add("repo/models/vision/vit.py", "");
  p.add("repo/train.py", "");
  EXPECT_EQ(pathOf(p.index.module("repo/models/vision/vit.py", "..base")), "repo/models/base.py");
  EXPECT_EQ(pathOf(p.index.module("repo/models/base.py", ".vision.vit")),
            "repo/models/vision/vit.py");
  EXPECT_EQ(pathOf(p.index.module("repo/train.py", "models.base")), "repo/models/base.py");
  EXPECT_EQ(pathOf(p.index.module("repo/train.py", "models")), "repo/models/__init__.py");
  EXPECT_EQ(pathOf(p.index.module("repo/train.py", "torch.nn")), "<none>");
  auto sym = p.index.symbol("repo/train.py", "models.base.Base");
  ASSERT_TRUE(sym);
  EXPECT_EQ(pathOf(sym->file), "repo/models/base.py");
  EXPECT_EQ(sym->name, "Base");
}

TEST(ProjectIndex, LinksCallsAcrossFiles) {
  Project p;
  p.add("loop.py", "def fit(fabric, model):\n    fabric.backward(model(x))\n");
  p.add("main.py",
        "import lightning as L\nfrom loop import fit\n"
        "fabric = L.Fabric(strategy='deepspeed')\nfit(fabric, net)\nfabric.launch(fit, net)\n");
  p.index.linkCalls();
  auto callers = p.index.callersInto("loop.py", "fit");
  ASSERT_EQ(callers.size(), 2u);
  EXPECT_EQ(callers[0]->site.kind, CallSite::Direct);
  EXPECT_EQ(callers[1]->site.kind, CallSite::Launch);
  EXPECT_EQ(pathOf(callers[0]->model), "main.py");
}

TEST(ProjectIndex, TrainerSubclassesAreTrainersThroughEveryFileOfTheChain) {
  Project p;
  p.add("base.py",
        "from pytorch_lightning import Trainer as PlTrainer\nclass Base(PlTrainer): pass\n");
  p.add("runner.py", "from base import Base\nclass Runner(Base): pass\n");
  p.add("other.py", "from mylib import Trainer\nclass Trainer(Trainer): pass\n");
  p.add("train.py",
        "from runner import Runner\nfrom other import Trainer\n"
        "Runner(strategy='deepspeed').fit(M())\nTrainer(strategy='deepspeed').fit(M())\n");
  p.link();
  EXPECT_TRUE(p.models[0]->isTrainerSubclass("Base"));
  EXPECT_TRUE(p.models[1]->isTrainerSubclass("Runner"));
  EXPECT_FALSE(p.models[2]->isTrainerSubclass("Trainer"));  // not Lightning's
  const auto& trainers = p.models[3]->trainers();
  ASSERT_EQ(trainers.size(), 1u);
  EXPECT_EQ(trainers[0].strategy.kind, Strategy::DeepSpeed);
}

TEST(ProjectIndex, AnImportedNameIsWhatItsModuleBindsOnceAndNeverChanges) {
  Project p;
  p.add("settings.py",
        "STRATEGY = 'deepspeed_stage_2'\n"
        "TWICE = 'ddp'\nTWICE = 'deepspeed'\n"
        "CHANGED = {'zero_optimization': {}}\nCHANGED['optimizer'] = {}\n"
        "if USE_DS:\n    BRANCH = 'deepspeed'\n"
        "def pick():\n    return 'ddp'\n");
  p.add("train.py",
        "import settings\nfrom settings import STRATEGY, TWICE, CHANGED, BRANCH, pick\n"
        "print(STRATEGY, settings.STRATEGY, TWICE, CHANGED, BRANCH, pick)\n");
  p.link();
  const FileModel& train = *p.models[1];
  std::string_view source = train.file().text();
  std::vector<std::string> found;
  walkTypes(train.bindings().module(), {"call"}, [&](Node call) {
    for (Node arg : positionalArguments(field(call, "arguments"))) {
      FileModel::ImportedValue v = train.importedValue(arg);
      found.push_back(
          std::string(textOf(arg, source)) + "=" +
          (v.file ? std::string(textOf(v.assignment->value, v.file->file().text())) : "?"));
    }
  });
  EXPECT_EQ(found, (std::vector<std::string>{"STRATEGY='deepspeed_stage_2'",
                                             "settings.STRATEGY='deepspeed_stage_2'", "TWICE=?",
                                             "CHANGED=?", "BRANCH=?", "pick=?"}));
}

TEST(ProjectIndex, ANamePassedOnByAProjectModuleIsWhereThatModuleGotIt) {
  Project p;
  p.add("pkg/__init__.py", "from .imports import Trainer\n");
  p.add("pkg/imports.py",
        "try:\n    import lightning.pytorch as pl\nexcept ImportError:\n"
        "    try:\n        import pytorch_lightning as pl\n"
        "    except ImportError:\n        pl = object\n"
        "from lightning.pytorch import Trainer\n"
        "if pl:\n    LightningModule = pl.LightningModule\nelse:\n"
        "    LightningModule = object\n"
        "Callback = pl.Callback\nCallback = MyCallback\n"
        "from lightning.pytorch import LightningDataModule\n"
        "LightningDataModule = object\n"
        "class Own(pl.LightningModule): pass\n"
        "STRATEGY = 'deepspeed'\n");
  p.add("train.py", "");
  auto passedOn = [&](const char* name) {
    return p.index.reexported("train.py", name).value_or("<none>");
  };
  EXPECT_EQ(passedOn("pkg.imports.pl"), "pytorch_lightning");
  EXPECT_EQ(passedOn("pkg.imports.LightningModule"), "pytorch_lightning.LightningModule");
  EXPECT_EQ(passedOn("pkg.Trainer"), "lightning.pytorch.Trainer");   // through __init__.py
  EXPECT_EQ(passedOn("pkg.imports.Callback"), "<none>");             // bound again after
  EXPECT_EQ(passedOn("pkg.imports.LightningDataModule"), "<none>");  // the same
  EXPECT_EQ(passedOn("pkg.imports.Own"), "<none>");                  // the project's own class
  EXPECT_EQ(passedOn("pkg.imports.STRATEGY"), "<none>");             // a value, not a name
  EXPECT_EQ(passedOn("lightning.pytorch.Trainer"), "<none>");        // not the project's
}

TEST(ProjectIndex, ReadsStrategyFlagsOfLauncherScripts) {
  ProjectIndex index;
  index.addLauncher("scripts/train.sh",
                    "#!/bin/bash\n"
                    "python train.py --strategy=ddp\n"
                    "torchrun --nproc-per-node 8 train.py \\\n"
                    "    --dist-strategy \"deepspeed_stage_3\"\n");
  const LauncherFlag* flag = index.launcherPassing("--dist_strategy", "scripts/train.py");
  ASSERT_NE(flag, nullptr);
  EXPECT_EQ(flag->line, 4u);
  EXPECT_EQ(flag->value, "deepspeed_stage_3");
  EXPECT_EQ(index.launcherPassing("--strategy", "scripts/train.py"), nullptr);  // ddp only
}

TEST(ProjectIndex, ReadsHydraTrainerStrategyOverridesOfLauncherScripts) {
  ProjectIndex index;
  index.addLauncher("run.sh",
                    "python -m cli.train -cp conf/finetune \\\n"
                    "  trainer.devices=2 \\\n"
                    "  ++trainer.strategy=deepspeed_stage_2\n"
                    "python eval.py trainer.strategy=ddp\n");
  const LauncherFlag* flag =
      index.launcherPassing(std::string(kHydraTrainerStrategy), "cli/train.py");
  ASSERT_NE(flag, nullptr);
  EXPECT_EQ(flag->line, 3u);
  EXPECT_EQ(flag->value, "deepspeed_stage_2");
  // Any launcher, for a config no script is known to compose.
  EXPECT_NE(index.launcherPassing(std::string(kHydraTrainerStrategy), ""), nullptr);
  // `strategy=` alone is another key (a `strategy/` group pick); `--strategy` a flag.
  ProjectIndex other;
  other.addLauncher("run.sh", "python train.py strategy=deepspeed trainer.strategy=ddp\n");
  EXPECT_EQ(other.launcherPassing(std::string(kHydraTrainerStrategy), "train.py"), nullptr);
  EXPECT_EQ(other.launcherPassing("--strategy", "train.py"), nullptr);
}

// A launcher's flags reach only the scripts it runs, by their file name
// (its path may be another machine's, or shell variables'), or as a module;
// one naming none may run any.
TEST(ProjectIndex, ALauncherPassesItsFlagsToTheScriptsItRuns) {
  ProjectIndex index;
  index.addLauncher("repo/b.sh", "#!/bin/bash\npython3 b.py --strategy deepspeed_stage_2\n");
  index.addLauncher("repo/fs/run.sh",
                    "ROOT=/mnt/code\n"
                    "options=\" --strategy deepspeed_stage_${STAGE} \"\n"
                    "srun python3 \"$(dirname \"$0\")\"/../examples/pretrain.py $options\n");
  index.addLauncher("repo/m.sh", "python -m pkg.fit --strategy=deepspeed\n");
  index.addLauncher("repo/any.sh", "python3 \"$1\" --dist-strategy deepspeed_stage_3\n");
  EXPECT_EQ(index.launcherPassing("--strategy", "repo/a.py"), nullptr);
  ASSERT_NE(index.launcherPassing("--strategy", "repo/b.py"), nullptr);
  EXPECT_EQ(index.launcherPassing("--strategy", "repo/b.py")->path, "repo/b.sh");
  EXPECT_EQ(index.launcherPassing("--strategy", "repo/sub/b.py")->path, "repo/b.sh");
  EXPECT_EQ(index.launcherPassing("--strategy", "repo/bb.py"), nullptr);
  ASSERT_NE(index.launcherPassing("--strategy", "repo/examples/pretrain.py"), nullptr);
  EXPECT_EQ(index.launcherPassing("--strategy", "repo/examples/pretrain.py")->path,
            "repo/fs/run.sh");
  EXPECT_EQ(index.launcherPassing("--strategy", "repo/other/pretrain.py")->path, "repo/fs/run.sh");
  EXPECT_EQ(index.launcherPassing("--strategy", "repo/pretrain_base.py"), nullptr);
  ASSERT_NE(index.launcherPassing("--strategy", "repo/pkg/fit.py"), nullptr);
  EXPECT_EQ(index.launcherPassing("--strategy", "repo/pkg/fit.py")->path, "repo/m.sh");
  ASSERT_NE(index.launcherPassing("--dist_strategy", "repo/a.py"), nullptr);
}

// `python main.py` runs the `main.py` nearest the launcher, not another
// sub-project's of the same name.
TEST(ProjectIndex, ALauncherRunsTheNearestScriptOfTheNameItGives) {
  Project p;
  p.add("repo/projA/main.py", "");
  p.add("repo/projB/main.py", "");
  p.add("repo/projB/tools/main.py", "");
  p.index.addLauncher("repo/projA/scripts/run.sh", "python main.py --strategy deepspeed_stage_2\n");
  EXPECT_NE(p.index.launcherPassing("--strategy", "repo/projA/main.py"), nullptr);
  EXPECT_EQ(p.index.launcherPassing("--strategy", "repo/projB/main.py"), nullptr);
  EXPECT_EQ(p.index.launcherPassing("--strategy", "repo/projB/tools/main.py"), nullptr);
  // Without a nearer one, any file of that name.
  p.index.addLauncher("repo/run.sh", "python main.py --dist-strategy deepspeed\n");
  EXPECT_NE(p.index.launcherPassing("--dist_strategy", "repo/projB/main.py"), nullptr);
  EXPECT_NE(p.index.launcherPassing("--dist_strategy", "repo/projB/tools/main.py"), nullptr);
}

// Every value a launcher passes, and which launchers select DeepSpeed.
TEST(ProjectIndex, ALaunchersFlagsOfAnyValueAndWhetherItSelectsDeepSpeed) {
  ProjectIndex index;
  index.addLauncher("ds.sh", "python train.py --strategy deepspeed_stage_2 --precision 64\n");
  index.addLauncher("ddp.sh", "python train.py --strategy ddp --precision 64\n");
  index.addLauncher("eval.sh", "python eval.py --precision bf16-mixed\n");
  std::vector<std::string> given;
  for (const LauncherFlag* f : index.launcherFlags("--precision", "train.py"))
    given.push_back(f->path + " " + f->value);
  EXPECT_EQ(given, (std::vector<std::string>{"ds.sh 64", "ddp.sh 64"}));
  ASSERT_NE(index.launcherSelectingDeepSpeed("ds.sh"), nullptr);
  EXPECT_EQ(index.launcherSelectingDeepSpeed("ds.sh")->value, "deepspeed_stage_2");
  EXPECT_EQ(index.launcherSelectingDeepSpeed("ddp.sh"), nullptr);
  EXPECT_EQ(index.launcherSelectingDeepSpeed("eval.sh"), nullptr);
}

TEST(ProjectIndex, AHydraPrimaryConfigGivesItsInlineTrainersStrategy) {
  ProjectIndex index;
  index.addYamlConfig("repo/conf/ds.yaml", "", 7, true);
  index.addYamlConfig("repo/conf/ddp.yaml", "", 0, true);
  index.addYamlConfig("repo/conf/sub/other.yaml", "", 0, false);
  index.addYamlConfig("repo/plain/none.yaml", "", 0, false);
  index.addYamlConfig("repo/plain/ddp.yaml", "", 0, true);
  std::optional<StrategySource> ds = index.yamlTrainerStrategy("repo/conf/ds.yaml");
  ASSERT_TRUE(ds);
  EXPECT_EQ(ds->kind, Strategy::DeepSpeed);
  EXPECT_EQ(ds->line, 7u);
  EXPECT_EQ(index.yamlTrainerStrategy("repo/conf/ddp.yaml")->kind, Strategy::NotDeepSpeed);
  // No such file: `--config-name` picks one of the folder's (not a subfolder's).
  std::optional<StrategySource> any = index.yamlTrainerStrategy("repo/conf/missing.yaml");
  ASSERT_TRUE(any);
  EXPECT_EQ(any->kind, Strategy::MaybeDeepSpeed);
  EXPECT_EQ(any->path, "repo/conf/ds.yaml");
  // A config setting none leaves it to the command line: nothing known.
  EXPECT_FALSE(index.yamlTrainerStrategy("repo/plain/none.yaml"));
  EXPECT_FALSE(index.yamlTrainerStrategy("repo/plain/missing.yaml"));
  EXPECT_FALSE(index.yamlTrainerStrategy("repo/nowhere/config.yaml"));
}

}  // namespace
}  // namespace lightfix
