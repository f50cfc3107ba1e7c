#include "model/instance_attributes.h"

#include <gtest/gtest.h>

#include <string>

#include "model/file_model.h"
#include "test_support.h"

namespace lightfix {
namespace {

// What `instanceAttribute` reads for the attribute read `read` (the last
// one written so), as its text, or "?".
std::string held(const std::string& source, std::string_view read) {
  testing::Parsed p(source);
  Node found{};
  walk(p.tree.root(), [&](Node n) {
    if (is(n, "attribute") && textOf(n, p.file.text()) == read) found = n;
    return true;
  });
  InstanceAttribute a = instanceAttribute(found, p.model.bindings().scopeOf(found), p.model);
  return a.file ? std::string(textOf(a.value, a.file->file().text())) : "?";
}

constexpr const char* kDataclass =
    "from dataclasses import dataclass, field\n"
    "@dataclass\n"
    "class Config:\n"
    "    lr: float = 0.1\n"
    "    strategy: str = 'deepspeed'\n"
    "    tags: list = field(default_factory=list)\n"
    "    shared = 'not a field'\n";

TEST(InstanceAttribute, ADataclassFieldIsAsPassedElseItsDefault) {
  std::string s = kDataclass;
  EXPECT_EQ(held(s + "c = Config()\nc.strategy\n", "c.strategy"), "'deepspeed'");
  EXPECT_EQ(held(s + "c = Config(strategy='ddp')\nc.strategy\n", "c.strategy"), "'ddp'");
  EXPECT_EQ(held(s + "c = Config(0.2, 'fsdp')\nc.strategy\n", "c.strategy"), "'fsdp'");
  EXPECT_EQ(held(s + "c = Config()\nc.tags\n", "c.tags"), "?");  // built at run time
  EXPECT_EQ(held(s + "c = Config(**kw)\nc.strategy\n", "c.strategy"), "?");
  EXPECT_EQ(held(s + "c = Config()\nc.missing\n", "c.missing"), "?");
  std::string post = s + "    def __post_init__(self):\n        self.strategy = pick()\n";
  EXPECT_EQ(held(post + "c = Config()\nc.strategy\n", "c.strategy"), "?");
}

TEST(InstanceAttribute, AnObjectChangedBeforeTheReadIsNotRead) {
  std::string s = kDataclass;
  EXPECT_EQ(held(s + "c = Config()\nupdate(c)\nc.strategy\n", "c.strategy"), "?");
  EXPECT_EQ(held(s + "c = Config()\nc.strategy = 'ddp'\nc.strategy\n", "c.strategy"), "?");
  EXPECT_EQ(held(s + "c = Config()\nc.merge(x)\nc.strategy\n", "c.strategy"), "?");
  EXPECT_EQ(held(s + "c = Config()\nprint(c.lr)\nc.strategy\n", "c.strategy"), "'deepspeed'");
  // Changed after the read: the read saw the value the class set.
  EXPECT_EQ(held(s + "c = Config()\nc.strategy\nupdate(c)\n", "c.strategy"), "'deepspeed'");
}

constexpr const char* kPlain =
    "class Net:\n"
    "    mode = 'class-level'\n"
    "    def __init__(self, precision=64, *args, strategy='auto'):\n"
    "        self.precision = precision\n"
    "        self.strategy = strategy\n"
    "        self.epochs = 3\n"
    "        if flag:\n"
    "            self.maybe = 1\n"
    "        self.twice = 1\n"
    "    def grow(self):\n"
    "        self.twice = 2\n";

TEST(InstanceAttribute, WhatInitSetsOnSelfOrTheClassAttribute) {
  std::string s = kPlain;
  EXPECT_EQ(held(s + "n = Net()\nn.precision\n", "n.precision"), "64");
  EXPECT_EQ(held(s + "n = Net(16)\nn.precision\n", "n.precision"), "16");
  EXPECT_EQ(held(s + "n = Net(precision='bf16')\nn.precision\n", "n.precision"), "'bf16'");
  EXPECT_EQ(held(s + "n = Net(16, 'x')\nn.strategy\n", "n.strategy"), "'auto'");  // keyword-only
  EXPECT_EQ(held(s + "n = Net(strategy='ddp')\nn.strategy\n", "n.strategy"), "'ddp'");
  EXPECT_EQ(held(s + "n = Net()\nn.epochs\n", "n.epochs"), "3");
  EXPECT_EQ(held(s + "n = Net()\nn.mode\n", "n.mode"), "'class-level'");
  EXPECT_EQ(held(s + "n = Net()\nn.maybe\n", "n.maybe"), "?");     // only on some runs
  EXPECT_EQ(held(s + "n = Net()\nn.twice\n", "n.twice"), "?");     // another method sets it
  EXPECT_EQ(held(s + "n = make()\nn.epochs\n", "n.epochs"), "?");  // not a construction
  std::string sub = s + "class Sub(Net):\n    mode = 'sub'\n    epochs = 9\n";
  EXPECT_EQ(held(sub + "n = Sub()\nn.mode\n", "n.mode"), "'sub'");
  EXPECT_EQ(held(sub + "n = Sub()\nn.epochs\n", "n.epochs"), "?");  // Net.__init__ sets it
}

}  // namespace
}  // namespace lightfix
