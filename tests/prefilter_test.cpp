#include "driver/prefilter.h"

#include <gtest/gtest.h>

#include "registry/registry.h"
#include "rules/rule.h"

namespace lightfix {
namespace {

TEST(WordAutomaton, FindsOverlappingWordsInOnePass) {
  // "step" ends inside "setup_step"; "setup" starts where "set" would.
  WordAutomaton words({"setup", "step", "set"}, {1, 2, 4});
  EXPECT_EQ(words.scan("x.setup_step()", 0), 7u);
  EXPECT_EQ(words.scan("optimizer.step()", 0), 2u);
  EXPECT_EQ(words.scan("sept", 0), 0u);
  EXPECT_EQ(words.scan("", 0), 0u);
}

TEST(WordAutomaton, StopsAtTheFirstWordOfAKindAskedFor) {
  WordAutomaton words({"alpha", "beta"}, {1, 2});
  // Stopping at kind 2, the "alpha" after "beta" is never read.
  EXPECT_EQ(words.scan("beta alpha", 2), 2u);
  EXPECT_EQ(words.scan("beta alpha", 0), 3u);
}

RuleSet rulesNamed(std::initializer_list<const char*> codes) {
  RuleSet out;
  for (const char* code : codes) out.push_back(findRule(code));
  return out;
}

TEST(Prefilter, RelevanceFollowsRuleAndModelWords) {
  Prefilter filter(rulesNamed({"LF001", "LF003"}), true);
  EXPECT_EQ(filter.python("fabric.backward(loss)\n"), Relevance::Rules);
  EXPECT_EQ(filter.python("trainer = Trainer()\n"), Relevance::ModelOnly);
  EXPECT_EQ(filter.python("print('hello')\n"), Relevance::None);
}

TEST(Prefilter, WordsCountInCodeAndStrategyNamesInStrings) {
  Prefilter filter(rulesNamed({"LF001", "LF003", "LF014"}), true);
  EXPECT_EQ(filter.python("# fabric.backward(loss)\n\"\"\"Fits a Trainer.\"\"\"\n"),
            Relevance::None);
  EXPECT_EQ(filter.python("hint = 'pl.Trainer'\n"), Relevance::None);
  EXPECT_EQ(filter.python("STRATEGY = 'deepspeed_stage_2'\n"), Relevance::ModelOnly);
  EXPECT_EQ(filter.python("name = 'deepspeed_stage_1_offload'\n"), Relevance::Rules);
  EXPECT_EQ(filter.python("print(f'{fabric.backward(loss)}')\n"), Relevance::Rules);
  EXPECT_EQ(filter.python("step = getattr(model, 'training_step')\n"), Relevance::Rules);
  EXPECT_EQ(filter.python("print('training_step done')\n"), Relevance::None);
}

TEST(Prefilter, RunsOnlyTheRulesWhoseWordsTheTextHolds) {
  RuleSet rules = rulesNamed({"LF001", "LF003", "LF017"});
  Prefilter filter(rules, true);
  EXPECT_EQ(filter.rulesIn("fabric.backward(loss)\n", rules), rulesNamed({"LF001"}));
  EXPECT_EQ(filter.rulesIn("def training_step(self):\n    fabric.save(p, s)\n", rules),
            rulesNamed({"LF003", "LF017"}));
  EXPECT_EQ(filter.rulesIn("trainer = Trainer()\n", rules), RuleSet{});
  // A subset (per-file ignores) keeps its order and drops nothing it holds.
  EXPECT_EQ(filter.rulesIn("backward training_step save", rulesNamed({"LF017", "LF001"})),
            rulesNamed({"LF017", "LF001"}));
}

TEST(Prefilter, ARuleItWasNotBuiltForAlwaysRuns) {
  Prefilter filter(rulesNamed({"LF001"}), true);
  EXPECT_EQ(filter.rulesIn("nothing here", rulesNamed({"LF003"})), rulesNamed({"LF003"}));
}

TEST(Prefilter, OffRunsEveryRuleOnEveryFile) {
  RuleSet rules = rulesNamed({"LF001", "LF003"});
  Prefilter filter(rules, false);
  EXPECT_EQ(filter.python("print('hello')\n"), Relevance::Rules);
  EXPECT_EQ(filter.rulesIn("print('hello')\n", rules), rules);
}

}  // namespace
}  // namespace lightfix
