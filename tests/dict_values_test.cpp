#include "model/dict_values.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace lightfix {
namespace {

using testing::Parsed;

// What `key` of the `**` dict in the call `Trainer(...)` may hold, as
// texts ("<absent>" for a path without it), and "+?" when incomplete.
std::string keyword(const std::string& code, const std::string& key = "strategy") {
  Parsed p(code);
  Node call{};
  walk(p.tree.root(), [&](Node n) {
    if (isNull(call) && is(n, "call") && p.text(field(n, "function")) == "Trainer") call = n;
    return isNull(call);
  });
  EXPECT_FALSE(isNull(call)) << code;
  KeyValues kv = keywordValues(call, key, p.model);
  std::string out;
  for (const KeyValue& v : kv.values) {
    if (!out.empty()) out += " | ";
    out += isNull(v.node) ? "<absent>" : std::string(textOf(v.node, v.model->file().text()));
  }
  return kv.complete ? out : out + " +?";
}

TEST(DictValues, WrittenInTheCall) {
  EXPECT_EQ(keyword("Trainer(strategy='ddp')"), "'ddp'");
  EXPECT_EQ(keyword("Trainer(max_epochs=1)"), "<absent>");
  EXPECT_EQ(keyword("Trainer(**{'strategy': 'a'})"), "'a'");
}

TEST(DictValues, LiteralsAndDictCalls) {
  EXPECT_EQ(keyword("kw = {'strategy': 'a', 'devices': 2}\nTrainer(**kw)"), "'a'");
  EXPECT_EQ(keyword("kw = dict(strategy='a')\nTrainer(**kw)"), "'a'");
  EXPECT_EQ(keyword("kw = dict(devices=2)\nTrainer(**kw)"), "<absent>");
  // Later entries override earlier ones, a splat included.
  EXPECT_EQ(keyword("kw = {**base, 'strategy': 'a'}\nTrainer(**kw)"), "'a'");
  EXPECT_EQ(keyword("kw = {'strategy': 'a', **base}\nTrainer(**kw)"), " +?");
  EXPECT_EQ(keyword("kw = {name: 'a'}\nTrainer(**kw)"), " +?");
  EXPECT_EQ(keyword("kw = dict(base, strategy='a')\nTrainer(**kw)"), "'a'");
}

TEST(DictValues, ChangedByLaterStatements) {
  EXPECT_EQ(keyword("kw = {}\nkw['strategy'] = 'a'\nTrainer(**kw)"), "'a'");
  EXPECT_EQ(keyword("kw = {'strategy': 'a'}\nif c:\n    kw['strategy'] = 'b'\nTrainer(**kw)"),
            "'a' | 'b'");
  EXPECT_EQ(keyword("kw = {}\nfor x in y:\n    kw['strategy'] = 'b'\nTrainer(**kw)"),
            "<absent> | 'b'");
  EXPECT_EQ(keyword("kw = {}\nkw.update(strategy='a', devices=2)\nTrainer(**kw)"), "'a'");
  EXPECT_EQ(keyword("kw = {}\nkw.update({'strategy': 'a'})\nTrainer(**kw)"), "'a'");
  EXPECT_EQ(keyword("kw = {'strategy': 'a'}\nkw.update({'devices': 2})\nTrainer(**kw)"), "'a'");
  EXPECT_EQ(keyword("kw = {'strategy': 'a'}\nkw.pop('strategy')\nTrainer(**kw)"), "<absent>");
  EXPECT_EQ(keyword("kw = {'strategy': 'a'}\ndel kw['strategy']\nTrainer(**kw)"), "<absent>");
  EXPECT_EQ(keyword("kw = {}\nkw.setdefault('strategy', 'a')\nTrainer(**kw)"), "<absent> | 'a'");
  // Reading it changes nothing.
  EXPECT_EQ(keyword("kw = {'strategy': 'a'}\nprint(kw)\nlog.info(kw)\nx = kw['strategy']\n"
                    "Trainer(**kw)"),
            "'a'");
}

TEST(DictValues, BranchesTheConstantsDecide) {
  EXPECT_EQ(keyword("GPUS = 0\nkw = {'strategy': 'ddp'}\nif GPUS > 0:\n"
                    "    kw['strategy'] = 'deepspeed'\nTrainer(**kw)"),
            "'ddp'");
  EXPECT_EQ(keyword("GPUS = 8\nkw = {'strategy': 'ddp'}\nif GPUS > 0:\n"
                    "    kw['strategy'] = 'deepspeed'\nTrainer(**kw)"),
            "'deepspeed'");
  EXPECT_EQ(keyword("BIG = False\nif BIG:\n    kw = {'strategy': 'deepspeed'}\nelse:\n"
                    "    kw = {'strategy': 'ddp'}\nTrainer(**kw)"),
            "'ddp'");
  // Not decided: both, as before.
  EXPECT_EQ(keyword("kw = {'strategy': 'ddp'}\nif gpus > 0:\n"
                    "    kw['strategy'] = 'deepspeed'\nTrainer(**kw)"),
            "'ddp' | 'deepspeed'");
}

TEST(DictValues, WhatCannotBeReadLeavesItOpen) {
  EXPECT_EQ(keyword("Trainer(**cfg)"), " +?");
  EXPECT_EQ(keyword("kw = {'strategy': 'a'}\ntweak(kw)\nTrainer(**kw)"), " +?");
  EXPECT_EQ(keyword("kw = {'strategy': 'a'}\nother = kw\nother['strategy'] = 'b'\nTrainer(**kw)"),
            " +?");
  EXPECT_EQ(keyword("kw = {'strategy': 'a'}\nkw[key] = 'b'\nTrainer(**kw)"), " +?");
  EXPECT_EQ(keyword("kw = load()\nTrainer(**kw)"), " +?");
  // A set on every path settles what came before.
  EXPECT_EQ(keyword("kw = load()\nkw.update({'strategy': 'a'})\nTrainer(**kw)"), "'a'");
}

TEST(DictValues, NestedKeysAndSubscripts) {
  Parsed p(
      "cfg = {'zero_optimization': {'stage': 2}}\n"
      "cfg['zero_optimization']['stage'] = 3\n"
      "use(cfg)\n");
  Node use = p.find("call", "use(cfg)");
  Node cfg = namedChild(field(use, "arguments"), 0);
  KeyValues kv =
      keyValuesAt(cfg, {"zero_optimization", "stage"}, use, p.model.bindings().module(), p.model);
  ASSERT_EQ(kv.values.size(), 1u);
  EXPECT_TRUE(kv.complete);
  EXPECT_EQ(p.text(kv.values[0].node), "3");
  EXPECT_EQ(keyword("kw = {'trainer': {'strategy': 'a'}}\nkw['trainer'] = {'strategy': 'b'}\n"
                    "Trainer(**kw['trainer'])"),
            "'b'");
}

TEST(DictValues, KwargsFromCallersAndHelpers) {
  EXPECT_EQ(keyword("def make(**kw):\n    return Trainer(**kw)\n"
                    "make(strategy='a')\nmake(devices=2)\n"),
            "'a' | <absent>");
  // A keyword its named parameter takes never reaches **kw.
  EXPECT_EQ(keyword("def make(strategy='x', **kw):\n    return Trainer(**kw)\n"
                    "make(strategy='a')\n"),
            "<absent>");
  EXPECT_EQ(keyword("def make(**kw):\n    return Trainer(**kw)\n"), " +?");
  EXPECT_EQ(keyword("def options():\n    kw = {'devices': 2}\n    kw['strategy'] = 'a'\n"
                    "    return kw\n"
                    "Trainer(**options())\n"),
            "'a'");
}

}  // namespace
}  // namespace lightfix
