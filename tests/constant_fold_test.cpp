#include "model/constant_fold.h"

#include <gtest/gtest.h>

#include <string>

#include "test_support.h"

namespace lightfix {
namespace {

using testing::Parsed;

// What the right-hand side of the last line's `probe = ...` folds to, as
// Python would print it, or "?".
std::string folded(const std::string& code) {
  Parsed p(code);
  Node value{};
  walk(p.tree.root(), [&](Node n) {
    if (is(n, "assignment") && p.text(field(n, "left")) == "probe") value = field(n, "right");
    return true;
  });
  EXPECT_FALSE(isNull(value)) << code;
  std::optional<Constant> c =
      foldConstant(value, p.model.bindings().scopeOf(value), p.model, FoldOptions{true});
  if (!c) return "?";
  switch (c->kind) {
    case Constant::Int:
      return std::to_string(c->number);
    case Constant::Bool:
      return c->number ? "True" : "False";
    case Constant::Str:
      return "'" + c->text + "'";
    case Constant::None:
      return "None";
  }
  return "?";
}

TEST(ConstantFold, LiteralsAndArithmetic) {
  EXPECT_EQ(folded("probe = 8"), "8");
  EXPECT_EQ(folded("probe = 2 * (3 + 1) - 1_000"), "-992");
  EXPECT_EQ(folded("probe = -7 // 2"), "-4");  // Python floors
  EXPECT_EQ(folded("probe = -7 % 2"), "1");
  EXPECT_EQ(folded("probe = 1 // 0"), "?");
  EXPECT_EQ(folded("probe = 'deep' + 'speed'"), "'deepspeed'");
  EXPECT_EQ(folded("probe = 0x10"), "?");
  EXPECT_EQ(folded("probe = 2.5"), "?");
}

TEST(ConstantFold, StringsBuiltFromKnownParts) {
  EXPECT_EQ(folded("stage = 2\nprobe = f'deepspeed_stage_{stage}'"), "'deepspeed_stage_2'");
  EXPECT_EQ(folded("probe = f'{1 + 1}_{True}_{None}'"), "'2_True_None'");
  EXPECT_EQ(folded("probe = f'stage_{x}'"), "?");
  EXPECT_EQ(folded("probe = f'{2:03d}'"), "?");    // a format spec
  EXPECT_EQ(folded("probe = f'{\"a\"!r}'"), "?");  // a conversion
  EXPECT_EQ(folded("probe = f'a\\n{1}'"), "?");    // an escape
  EXPECT_EQ(folded("probe = 'deepspeed_stage_%d' % 3"), "'deepspeed_stage_3'");
  EXPECT_EQ(folded("probe = '%s_%s%%' % ('a', 2)"), "'a_2%'");
  EXPECT_EQ(folded("probe = '%d' % 'a'"), "?");
  EXPECT_EQ(folded("probe = '%s %s' % ('a',)"), "?");
  EXPECT_EQ(folded("probe = '%.2f' % 3"), "?");
  EXPECT_EQ(folded("probe = '%d%s' % (True, True)"), "'1True'");
  EXPECT_EQ(folded("name = 'a'\nprobe = f'{name=}'"), "?");  // "name='a'" in Python
  EXPECT_EQ(folded("probe = '{99999999999999999999999}'.format(1)"), "?");
  EXPECT_EQ(folded("probe = 'deepspeed_stage_{}_offload'.format(3)"),
            "'deepspeed_stage_3_offload'");
  EXPECT_EQ(folded("probe = '{1}{0}{{}}'.format('a', 'b')"), "'ba{}'");
  EXPECT_EQ(folded("probe = '{kind}'.format(kind='ddp')"), "'ddp'");
  EXPECT_EQ(folded("probe = '{:>4}'.format(1)"), "?");
  EXPECT_EQ(folded("probe = '{}'.format(x)"), "?");
}

TEST(ConstantFold, ComparisonsAndLogic) {
  EXPECT_EQ(folded("probe = 1 < 2 <= 2"), "True");
  EXPECT_EQ(folded("probe = 1 < 2 > 3"), "False");
  EXPECT_EQ(folded("probe = not (4 > 1)"), "False");
  EXPECT_EQ(folded("probe = None is None"), "True");
  EXPECT_EQ(folded("probe = 3 is not None"), "True");
  EXPECT_EQ(folded("probe = 'a' == 'a'"), "True");
  // `and`/`or` give an operand, and stop early: the unknown `x` is not read.
  EXPECT_EQ(folded("probe = 0 and x"), "0");
  EXPECT_EQ(folded("probe = 'auto' or x"), "'auto'");
  EXPECT_EQ(folded("probe = 1 and x"), "?");
}

TEST(ConstantFold, NamesOnEveryPath) {
  EXPECT_EQ(folded("devices = 4\nprobe = devices > 1"), "True");
  EXPECT_EQ(folded("def f():\n    n = 2\n    n = n * 3\n    probe = n\n"), "6");
  EXPECT_EQ(folded("if c:\n    n = 1\nelse:\n    n = 1\nprobe = n"), "1");
  EXPECT_EQ(folded("if c:\n    n = 1\nelse:\n    n = 2\nprobe = n"), "?");
  EXPECT_EQ(folded("n = 1\nif c:\n    n = 2\nprobe = n"), "?");
  // A module constant read in a function, but only one the file sets once.
  EXPECT_EQ(folded("N = 8\ndef f():\n    probe = N\n"), "8");
  EXPECT_EQ(folded("N = 8\ndef g():\n    global N\n    N = 1\ndef f():\n    probe = N\n"), "?");
  EXPECT_EQ(folded("def f(n):\n    probe = n\n"), "?");
}

TEST(ConstantFold, FabricWorldSize) {
  const std::string fabric = "from lightning.fabric import Fabric\n";
  EXPECT_EQ(folded(fabric + "f = Fabric(devices=4, num_nodes=2)\nprobe = f.world_size"), "8");
  EXPECT_EQ(folded(fabric + "d = 1\nf = Fabric(devices=d)\nprobe = f.world_size > 1"), "False");
  EXPECT_EQ(folded(fabric + "f = Fabric(devices=[0, 1])\nprobe = f.world_size"), "2");
  EXPECT_EQ(folded(fabric + "f = Fabric(devices='4')\nprobe = f.world_size"), "4");
  EXPECT_EQ(folded(fabric + "f = Fabric(accelerator='cpu')\nprobe = f.is_global_zero"), "True");
  EXPECT_EQ(folded(fabric + "f = Fabric(devices=1)\nprobe = f.global_rank == 0"), "True");
  EXPECT_EQ(folded(fabric + "f = Fabric(devices=2)\nprobe = f.global_rank == 0"), "?");
  EXPECT_EQ(folded(fabric + "f = Fabric()\nprobe = f.world_size"), "?");
  EXPECT_EQ(folded(fabric + "f = Fabric(devices=-1)\nprobe = f.world_size"), "?");
  EXPECT_EQ(folded(fabric + "f = Fabric(**kw)\nprobe = f.world_size"), "?");
}

// Whether the statement `marker()` runs, as the ifs around it decide.
std::string runs(const std::string& code) {
  Parsed p(code);
  Node call = p.find("call", "marker()");
  std::optional<bool> r = branchesRun(call, p.model.bindings().scopeOf(call), p.model);
  return r ? (*r ? "always" : "never") : "?";
}

TEST(ConstantFold, BranchesRun) {
  EXPECT_EQ(runs("n = 2\nif n > 1:\n    marker()\n"), "always");
  EXPECT_EQ(runs("n = 1\nif n > 1:\n    marker()\n"), "never");
  EXPECT_EQ(runs("n = 1\nif n > 1:\n    pass\nelif n == 1:\n    marker()\n"), "always");
  EXPECT_EQ(runs("n = 1\nif n > 1:\n    pass\nelse:\n    marker()\n"), "always");
  EXPECT_EQ(runs("n = 3\nif n > 1:\n    pass\nelse:\n    marker()\n"), "never");
  EXPECT_EQ(runs("if c:\n    pass\nelse:\n    marker()\n"), "?");
  EXPECT_EQ(runs("n = 2\nif n > 1:\n    try:\n        pass\n    except E:\n        marker()\n"),
            "?");
  EXPECT_EQ(runs("marker()\n"), "always");
  // A loop's body may run no time or many, a try body may raise first...
  EXPECT_EQ(runs("for x in xs:\n    marker()\n"), "?");
  EXPECT_EQ(runs("n = 2\nwhile n:\n    if n > 1:\n        marker()\n"), "?");
  EXPECT_EQ(runs("try:\n    marker()\nexcept E:\n    pass\n"), "?");
  // ...but a loop's iterable runs once, and a branch never taken is never run.
  EXPECT_EQ(runs("for x in marker():\n    pass\n"), "always");
  EXPECT_EQ(runs("n = 1\nfor x in xs:\n    if n > 1:\n        marker()\n"), "never");
}

TEST(ConstantFold, BranchesRunWithLoopBodiesRun) {
  Parsed p("n = 2\nfor x in xs:\n    if n > 1:\n        marker()\n");
  Node call = p.find("call", "marker()");
  EXPECT_EQ(branchesRun(call, p.tree.root(), p.model, {}, LoopBodies::Run), true);
  EXPECT_EQ(branchesRun(call, p.tree.root(), p.model), std::nullopt);
}

// In a hook Lightning calls with `(batch, batch_idx)`, a later parameter
// keeps its default; the first three and Lightning 1's extras are unknown.
TEST(ConstantFold, BranchesRunWithTheDefaultsLightningLeaves) {
  Parsed p(
      "class M:\n"
      "    def training_step(self, batch, batch_idx=0, save=False, keep=True, optimizer_idx=0):\n"
      "        if save:\n            a()\n"
      "        if keep:\n            b()\n"
      "        if batch_idx:\n            c()\n"
      "        if optimizer_idx:\n            d()\n");
  Node step{};
  walkTypes(p.tree.root(), {"function_definition"}, [&](Node n) { step = n; });
  FoldOptions lightningCall;
  lightningCall.lightningHook = step;
  auto runs = [&](const char* callee) {
    return branchesRun(p.find("call", callee), step, p.model, lightningCall);
  };
  EXPECT_EQ(runs("a()"), false);
  EXPECT_EQ(runs("b()"), true);
  EXPECT_EQ(runs("c()"), std::nullopt);
  EXPECT_EQ(runs("d()"), std::nullopt);
  // Called by anyone else, the parameter may be anything.
  EXPECT_EQ(branchesRun(p.find("call", "a()"), step, p.model), std::nullopt);
}

}  // namespace
}  // namespace lightfix
