#include "model/statement_effects.h"

#include <gtest/gtest.h>

#include <string>

#include "test_support.h"

namespace lightfix {
namespace {

using testing::Parsed;

// The effects of the first statement of the last function of `code`.
StatementEffects effects(const std::string& code) {
  Parsed p(code);
  Node last{};
  for (Node n : namedChildren(p.tree.root()))
    if (is(n, "function_definition")) last = n;
  Node statement = namedChild(field(last, "body"), 0);
  EXPECT_FALSE(isNull(statement)) << code;
  return effectsOf(statement, p.model, p.file.text());
}

std::string reads(const StatementEffects& e) {
  std::string out;
  for (const std::string& n : e.read) out += (out.empty() ? "" : " ") + n;
  return out;
}

TEST(StatementEffects, ABackwardInAHelperOfTheFileIsFollowed) {
  EXPECT_TRUE(effects("def critic_step(fabric, loss, critic):\n"
                      "    fabric.backward(loss, model=critic)\n"
                      "def main(fabric, loss, critic):\n"
                      "    critic_step(fabric, loss, critic)\n")
                  .backward);
  StatementEffects logged = effects(
      "def log(fabric, loss):\n"
      "    fabric.log('loss', loss)\n"
      "def main(fabric, loss):\n"
      "    log(fabric, loss)\n");
  EXPECT_FALSE(logged.backward);
  EXPECT_FALSE(logged.unknown);
  EXPECT_FALSE(logged.touchesOptimizer);
  EXPECT_FALSE(logged.leavesEarly);
}

TEST(StatementEffects, ReadsIncludeTheHelpersFreeNamesNotItsParameters) {
  EXPECT_EQ(reads(effects("def log(step, value):\n"
                          "    history.append((step, value, scale))\n"
                          "def main(errD):\n"
                          "    show(log(3, errD))\n")),
            "errD history history.append log scale show");
}

TEST(StatementEffects, GraphFreeReadsAreNotReads) {
  EXPECT_EQ(reads(effects("def main(errD, errG):\n    show(errD.item(), errG.detach(), errG)\n")),
            "errG show");
  // The call inside is still a call: what it reads counts only through it.
  EXPECT_EQ(reads(effects("def main(x):\n    show(f(x).tolist())\n")), "show");
}

TEST(StatementEffects, LeavingEarly) {
  EXPECT_TRUE(
      effects("def main(xs):\n    for x in xs:\n        if x:\n            return\n").leavesEarly);
  // A break of the statement's own loop stays in it.
  EXPECT_FALSE(
      effects("def main(xs):\n    for x in xs:\n        if x:\n            break\n").leavesEarly);
  EXPECT_TRUE(effects("def main(xs):\n    if xs:\n        continue\n").leavesEarly);
  EXPECT_TRUE(effects("def main(x):\n    assert x\n").leavesEarly);
  EXPECT_TRUE(effects("def main(x):\n    try:\n        f(x)\n    except KeyError:\n"
                      "        pass\n")
                  .leavesEarly);
  EXPECT_TRUE(effects("def check(x):\n    if not x:\n        raise ValueError(x)\n"
                      "def main(x):\n    check(x)\n")
                  .leavesEarly);
  // A helper's own return is not the caller's.
  EXPECT_FALSE(
      effects("def half(x):\n    return x / 2\ndef main(x):\n    show(half(x))\n").leavesEarly);
}

TEST(StatementEffects, AHelperThatStepsTouchesAnOptimizer) {
  EXPECT_TRUE(effects("def reset(t):\n    for o in t.optimizers:\n        o.zero_grad()\n"
                      "def main(t):\n    reset(t)\n")
                  .touchesOptimizer);
  // The statement's own `.step()` the caller sees by name.
  EXPECT_FALSE(effects("def main(opt):\n    opt.step()\n").touchesOptimizer);
}

TEST(StatementEffects, RecursionIsUnknown) {
  StatementEffects e = effects(
      "def climb(x):\n    return climb(x.parent)\n"
      "def main(x):\n    climb(x)\n");
  EXPECT_TRUE(e.unknown);
  EXPECT_FALSE(e.backward);
}

}  // namespace
}  // namespace lightfix
