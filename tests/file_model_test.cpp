#include "model/file_model.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace lightfix {
namespace {

using testing::Parsed;

Node backwardCall(const Parsed& p) {
  Node found{};
  walk(p.tree.root(), [&](Node n) {
    MethodCall mc;
    if (isNull(found) && asMethodCall(n, p.file.text(), mc) && mc.method == "backward") found = n;
    return isNull(found);
  });
  return found;
}

Node backwardReceiver(const Parsed& p) {
  MethodCall mc;
  asMethodCall(backwardCall(p), p.file.text(), mc);
  return mc.receiver;
}

const FabricInstance* fabricOfBackward(const Parsed& p) {
  MethodCall mc;
  asMethodCall(backwardCall(p), p.file.text(), mc);
  auto fabrics = p.model.fabricsOf(mc.receiver, p.model.bindings().scopeOf(mc.call));
  return fabrics.size() == 1 ? fabrics[0] : nullptr;
}

TEST(FileModel, ANameIsAFabricOnlyThroughLightningsImport) {
  Parsed lightning("from lightning.fabric import Fabric\nfabric = Fabric()\nfabric.backward(l)\n");
  EXPECT_NE(fabricOfBackward(lightning), nullptr);
  Parsed other("from fabric import Fabric\nfabric = Fabric()\nfabric.backward(l)\n");
  EXPECT_EQ(fabricOfBackward(other), nullptr);
  EXPECT_TRUE(other.model.fabrics().empty());
}

TEST(FileModel, FollowsTheFabricIntoALaunchedFunctionAndDirectCalls) {
  Parsed launched(
      "import lightning as L\n"
      "def train(fabric, model):\n    fabric.backward(model(x))\n"
      "f = L.Fabric(strategy='deepspeed')\nf.launch(train, net)\n");
  const FabricInstance* f = fabricOfBackward(launched);
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(f->launched);
  EXPECT_EQ(f->strategy.kind, Strategy::DeepSpeed);

  Parsed direct(
      "import lightning as L\n"
      "def fit(model, fab):\n    fab.backward(model(x))\n"
      "def main():\n    fabric = L.Fabric()\n    fit(net, fab=fabric)\n");
  ASSERT_NE(fabricOfBackward(direct), nullptr);
  EXPECT_FALSE(fabricOfBackward(direct)->launched);
}

TEST(FileModel, SelfAttributesAreSharedAcrossMethods) {
  Parsed p(
      "import lightning as L\n"
      "class Loop:\n"
      "    def __init__(self):\n        self.fabric = L.Fabric(strategy='deepspeed')\n"
      "    def step(self, loss):\n        self.fabric.backward(loss)\n");
  EXPECT_NE(fabricOfBackward(p), nullptr);
}

TEST(FileModel, SetupsBeforeFollowEveryCaller) {
  const std::string head =
      "import lightning as L\n"
      "def train(fabric, model, opt):\n    fabric.backward(model(x))\n"
      "def main():\n    fabric = L.Fabric()\n";
  Parsed setUp(head + "    model, opt = fabric.setup(model, opt)\n    train(fabric, model, opt)\n");
  auto ways = setUp.model.setupsBefore(backwardCall(setUp), backwardReceiver(setUp),
                                       fabricOfBackward(setUp), FileModel::Counted::MayHaveRun);
  ASSERT_EQ(ways.size(), 1u);
  EXPECT_EQ(ways[0].size(), 1u);

  Parsed oneCallerForgets(head +
                          "    train(fabric, model, opt)\n"
                          "    model, opt = fabric.setup(model, opt)\n"
                          "    train(fabric, model, opt)\n");
  ways = oneCallerForgets.model.setupsBefore(
      backwardCall(oneCallerForgets), backwardReceiver(oneCallerForgets),
      fabricOfBackward(oneCallerForgets), FileModel::Counted::MayHaveRun);
  ASSERT_EQ(ways.size(), 2u);
  EXPECT_TRUE(ways[0].empty());
  EXPECT_EQ(ways[1].size(), 1u);
}

TEST(FileModel, SetupsInHelpersAndLoopsCount) {
  Parsed p(
      "import lightning as L\n"
      "def prepare(fabric, nets):\n"
      "    return [fabric.setup_module(n) for n in nets]\n"
      "fabric = L.Fabric()\n"
      "teacher = fabric.setup_module(teacher)\n"
      "for m in models:\n    m = fabric.setup(m)\n"
      "prepare(fabric, nets)\n"
      "fabric.backward(loss)\n");
  auto ways = p.model.setupsBefore(backwardCall(p), backwardReceiver(p), fabricOfBackward(p),
                                   FileModel::Counted::MayHaveRun);
  ASSERT_EQ(ways.size(), 1u);
  EXPECT_EQ(ways[0].size(), 3u);
  int loops = 0;
  for (const SetupRun& run : ways[0]) loops += run.repeated;
  EXPECT_EQ(loops, 2);  // the for loop and the comprehension in the helper
}

TEST(FileModel, DynamicSetupsAndPretendedLaunchesCount) {
  Parsed p(
      "import lightning as L\nfabric = L.Fabric(strategy='deepspeed')\nfabric._launched = True\n"
      "m = getattr(fabric, method)(m)\nn = getattr(fabric, 'setup_module')(n)\n"
      "o = getattr(fabric, 'setup_dataloaders')(o)\nfabric.backward(loss)\n");
  const FabricInstance* f = fabricOfBackward(p);
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(f->launched);
  ASSERT_EQ(p.model.setups().size(), 2u);
  EXPECT_FALSE(p.model.setups()[0].moduleOnly);
  EXPECT_TRUE(p.model.setups()[1].moduleOnly);
}

TEST(FileModel, SetupResultsKnowTheirSlot) {
  Parsed p(
      "import lightning as L\nfabric = L.Fabric()\n"
      "g, opt_g = fabric.setup(g, opt_g)\nopt_g.step()\ng(x)\n");
  Node stepped = field(p.find("attribute", "opt_g.step"), "object");
  std::optional<SetupResult> optimizer = p.model.setupResultOf(stepped, p.tree.root());
  ASSERT_TRUE(optimizer);
  EXPECT_EQ(optimizer->slot, 1u);
  EXPECT_EQ(p.model.setupOfOptimizer(stepped, p.tree.root()), optimizer->setup);
  EXPECT_EQ(p.model.setupOfModel(stepped, p.tree.root()), nullptr);
  Node called = field(p.find("call", "g(x)"), "function");
  std::optional<SetupResult> model = p.model.setupResultOf(called, p.tree.root());
  ASSERT_TRUE(model);
  EXPECT_EQ(model->setup, optimizer->setup);
  EXPECT_TRUE(model->isModel());
  EXPECT_EQ(p.model.setupOfModel(called, p.tree.root()), optimizer->setup);
}

TEST(FileModel, LightningModulesAndManualOptimization) {
  Parsed p(
      "import pytorch_lightning as pl\n"
      "class Base(pl.LightningModule):\n    pass\n"
      "class Auto(Base):\n    pass\n"
      "class Manual(pl.LightningModule):\n"
      "    def __init__(self):\n        self.automatic_optimization = False\n"
      "class Plain(object):\n    pass\n");
  std::vector<std::string> names;
  for (const LightningModuleClass& c : p.model.lightningModules())
    names.push_back(c.name + (c.manualOptimization ? ":manual" : ""));
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"Auto", "Base", "Manual:manual"}));
}

}  // namespace
}  // namespace lightfix
