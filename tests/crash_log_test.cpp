#include "logs/crash_log.h"

#include <gtest/gtest.h>

#include "logs/crash_diagnosis.h"
#include "registry/registry.h"
#include "rules/rule.h"

namespace lightfix {
namespace {

TEST(PlainLine, DropsColoursAndWhatARedrawCovered) {
  EXPECT_EQ(plainLine("\x1b[1;35mValueError\x1b[0m: \x1b[35mboom\x1b[0m"), "ValueError: boom");
  EXPECT_EQ(plainLine("Epoch 0: 10%\rEpoch 0: 11%\r"), "Epoch 0: 11%");
  EXPECT_EQ(plainLine("\x1b]8;;http://x\x07link\x1b]8;;\x07"), "link");
}

TEST(ReadCrashLog, FramesTypeAndMessage) {
  auto errors = readCrashLog(
      "noise\n"
      "Traceback (most recent call last):\n"
      "  File \"/a/train.py\", line 74, in <module>\n"
      "    main()\n"
      "  File \"/venv/site-packages/lightning/fabric/fabric.py\", line 510, in backward\n"
      "    raise RuntimeError(\"x\")\n"
      "    ^^^^^^^^^^^^^^^^^^\n"
      "RuntimeError: No models were set up\n"
      "\n"
      "more noise\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].type, "RuntimeError");
  EXPECT_EQ(errors[0].message, "No models were set up");
  ASSERT_EQ(errors[0].frames.size(), 2u);
  EXPECT_EQ(errors[0].frames[0].path, "/a/train.py");
  EXPECT_EQ(errors[0].frames[0].line, 74u);
  EXPECT_EQ(errors[0].frames[1].function, "backward");
  EXPECT_EQ(errors[0].ranks, std::vector<int>{-1});
  EXPECT_EQ(errors[0].logLine, 2u);
}

TEST(ReadCrashLog, InterleavedRanksAreOneErrorEach) {
  auto errors = readCrashLog(
      "[rank1]: Traceback (most recent call last):\n"
      "[rank0]: Traceback (most recent call last):\n"
      "[rank0]:   File \"/a/t.py\", line 3, in main\n"
      "[rank1]:   File \"/a/t.py\", line 3, in main\n"
      "gpu-node-2: [rank2]: Traceback (most recent call last):\n"
      "[rank1]: ValueError: two\n"
      "gpu-node-2: [rank2]:   File \"/a/t.py\", line 3, in main\n"
      "[rank0]: ValueError: two\n"
      "gpu-node-2: [rank2]: ValueError: two\n"
      "[default3]:Traceback (most recent call last):\n"
      "[default3]:  File \"/a/t.py\", line 9, in main\n"
      "[default3]:KeyError: 'x'\n");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].message, "two");
  EXPECT_EQ(errors[0].ranks, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(errors[1].type, "KeyError");
  EXPECT_EQ(errors[1].ranks, std::vector<int>{3});
}

TEST(ReadCrashLog, ChainedAndTruncatedTracebacks) {
  auto errors = readCrashLog(
      "  File \"/a/t.py\", line 5, in step\n"  // cut above this line
      "ValueError: inner\n"
      "\n"
      "The above exception was the direct cause of the following exception:\n"
      "\n"
      "Traceback (most recent call last):\n"
      "  File \"/a/t.py\", line 9, in main\n"
      "pkg.errors.OuterError: outer\n"
      "Traceback (most recent call last):\n"
      "  File \"/a/t.py\", line 11, in main\n");  // cut before the exception
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0].message, "inner");
  EXPECT_EQ(errors[1].type, "pkg.errors.OuterError");
  EXPECT_EQ(errors[2].type, "");
  EXPECT_EQ(errors[2].frames.size(), 1u);
}

TEST(ReadCrashLog, AnErrorLineWithoutItsTraceback) {
  auto errors = readCrashLog("[INFO] ok\nlightning.MisconfigurationException: Skipping\n");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "Skipping");
  EXPECT_TRUE(readCrashLog("INFO: all good\nEpoch 1: done\n").empty());
}

TEST(RuleForError, EachRulesLightningTextAndEarlierOnes) {
  for (const Rule& rule : allRules()) {
    if (rule.forCxx() || !rule.raises) continue;  // no Python log to read
    RaisedError e;
    e.message = std::string(*rule.raises);
    const Rule* found = ruleForError(e);
    ASSERT_NE(found, nullptr) << rule.code;
    EXPECT_EQ(found->code, rule.code);
  }
  RaisedError lite;  // LightningLite, before Fabric
  lite.message = "No models were set up for backward. Did you forget to call `self.setup()`?";
  ASSERT_NE(ruleForError(lite), nullptr);
  EXPECT_EQ(ruleForError(lite)->code, "LF001");
  RaisedError other;
  other.message = "CUDA out of memory.";
  EXPECT_EQ(ruleForError(other), nullptr);
}

TEST(InnermostProjectFrame, MatchesTheLongestPathTailOutsideSitePackages) {
  RaisedError e;
  e.frames = {{"/home/u/proj/train.py", 10, "<module>"},
              {"/home/u/proj/pkg/loop.py", 20, "fit"},
              {"/home/u/.venv/lib/python3.11/site-packages/lightning/fabric/fabric.py", 510, ""},
              {"<frozen runpy>", 1, ""}};
  auto frame = innermostProjectFrame(e, {"train.py", "other/loop.py", "pkg/loop.py"});
  ASSERT_TRUE(frame.has_value());
  EXPECT_EQ(frame->file, 2u);
  EXPECT_EQ(frame->line, 20u);
  EXPECT_FALSE(innermostProjectFrame(e, {"fabric.py"}).has_value());
  EXPECT_FALSE(innermostProjectFrame(e, {"unrelated.py"}).has_value());
}

}  // namespace
}  // namespace lightfix
