#include "semantics/bindings.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace lightfix {
namespace {

using testing::Parsed;

TEST(Bindings, TracesNamesToTheExpressionThatMadeThem) {
  Parsed p("a = make()\nb = a\nx, y = pair()\n(b, y)\n");
  const Bindings& b = p.model.bindings();
  Node use = p.find("tuple", "(b, y)");
  Origin o = b.trace(namedChild(use, 0), b.module());
  ASSERT_EQ(o.kind, Origin::Expression);
  EXPECT_EQ(p.text(o.expr), "make()");
  o = b.trace(namedChild(use, 1), b.module());
  EXPECT_EQ(p.text(o.expr), "pair()");
  EXPECT_EQ(o.index, 1);
}

TEST(Bindings, ASelfAttributeIsWhatReachesItsRead) {
  Parsed p(
      "class T:\n"
      "    def __init__(self, model):\n"
      "        self.model = model\n"
      "        self.model = wrap(self.model)\n"
      "        use(self.model)\n"
      "    def step(self):\n"
      "        run(self.model)\n");
  const Bindings& b = p.model.bindings();
  // In the assigning method: the assignment before the read, and the
  // assignment's own argument sees the value from before it.
  Node wrapped = p.find("call", "wrap(self.model)");
  Node argument = namedChild(field(wrapped, "arguments"), 0);
  Origin o = b.trace(argument, b.scopeOf(wrapped));
  ASSERT_EQ(o.kind, Origin::Parameter);
  Node used = p.find("call", "use(self.model)");
  o = b.trace(namedChild(field(used, "arguments"), 0), b.scopeOf(used));
  ASSERT_EQ(o.kind, Origin::Expression);
  EXPECT_EQ(p.text(o.expr), "wrap(self.model)");
  // In another method: what the assigning method leaves it bound to.
  Node run = p.find("call", "run(self.model)");
  o = b.trace(namedChild(field(run, "arguments"), 0), b.scopeOf(run));
  ASSERT_EQ(o.kind, Origin::Expression);
  EXPECT_EQ(p.text(o.expr), "wrap(self.model)");
}

TEST(Bindings, ClosuresSeeTheirEnclosingFunction) {
  Parsed p(
      "def main(fabric):\n"
      "    model = Net()\n"
      "    def step():\n"
      "        return fabric, model\n"
      "    step()\n");
  const Bindings& b = p.model.bindings();
  Node ret = p.find("expression_list", "fabric, model");
  Node scope = b.scopeOf(ret);
  Origin fabric = b.trace(namedChild(ret, 0), scope);
  EXPECT_EQ(fabric.kind, Origin::Parameter);
  EXPECT_EQ(fabric.function->name, "main");
  Origin model = b.trace(namedChild(ret, 1), scope);
  EXPECT_EQ(p.text(model.expr), "Net()");
  // `step()` is a call of the nested function.
  const FunctionInfo* step = b.function(enclosingFunction(ret));
  ASSERT_NE(step, nullptr);
  EXPECT_EQ(b.callersOf(step).size(), 1u);
}

TEST(Bindings, ConstructorsAndLaunchesMapArgumentsToParameters) {
  Parsed p(
      "class Loop:\n"
      "    def __init__(self, fabric, model=None):\n"
      "        pass\n"
      "def train(fabric, model):\n"
      "    pass\n"
      "Loop(f, model=m)\n"
      "f.launch(train, net)\n");
  const Bindings& b = p.model.bindings();
  ASSERT_EQ(b.callSites().size(), 2u);
  const CallSite& construct = b.callSites()[0];
  EXPECT_EQ(construct.kind, CallSite::Construct);
  EXPECT_TRUE(isNull(b.argumentFor(construct, 0)));  // self
  EXPECT_EQ(p.text(b.argumentFor(construct, 1)), "f");
  EXPECT_EQ(p.text(b.argumentFor(construct, 2)), "m");
  const CallSite& launch = b.callSites()[1];
  EXPECT_EQ(launch.kind, CallSite::Launch);
  EXPECT_EQ(p.text(b.argumentFor(launch, 0)), "f");
  EXPECT_EQ(p.text(b.argumentFor(launch, 1)), "net");
}

TEST(Bindings, SelfMethodCallsRunTheClassesOwnMethod) {
  Parsed p(
      "class Trainer:\n"
      "    def step(self, model, batch):\n"
      "        pass\n"
      "    @staticmethod\n"
      "    def helper(model):\n"
      "        pass\n"
      "    def fit(self, model, batches):\n"
      "        for batch in batches:\n"
      "            self.step(model, batch=batch)\n"
      "        self.helper(model)\n"
      "        other.step(model, batch)\n");
  const Bindings& b = p.model.bindings();
  // Neither the static method (no `self` to shift by) nor another object's
  // `step` is a call of `Trainer.step`.
  ASSERT_EQ(b.callSites().size(), 1u);
  const CallSite& site = b.callSites()[0];
  EXPECT_EQ(site.kind, CallSite::Method);
  EXPECT_EQ(site.callee->name, "step");
  EXPECT_TRUE(isNull(b.argumentFor(site, 0)));  // self
  EXPECT_EQ(p.text(b.argumentFor(site, 1)), "model");
  EXPECT_EQ(p.text(b.argumentFor(site, 2)), "batch");
}

TEST(Bindings, MethodCallsOnAnInstanceMadeHereRunTheClassesMethod) {
  Parsed p(
      "class Stepper:\n"
      "    def step(self, model):\n"
      "        pass\n"
      "stepper = Stepper()\n"
      "stepper.step(net)\n"
      "Stepper().step(other)\n"
      "unknown.step(net)\n");
  const Bindings& b = p.model.bindings();
  std::vector<std::string> passed;
  for (const CallSite& site : b.callSites())
    if (site.kind == CallSite::Method) passed.emplace_back(p.text(b.argumentFor(site, 1)));
  EXPECT_EQ(passed, (std::vector<std::string>{"net", "other"}));
}

}  // namespace
}  // namespace lightfix
