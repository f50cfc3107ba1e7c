#include "python/flow.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace lightfix {
namespace {

bool bodyExits(const std::string& body) {
  testing::Parsed p("def f(x):\n" + body);
  Node fn = namedChild(p.tree.root(), 0);
  return alwaysExits(field(fn, "body"), p.file.text());
}

TEST(Flow, ReturnsAndRaisesExit) {
  EXPECT_TRUE(bodyExits("    return 1\n"));
  EXPECT_TRUE(bodyExits("    raise ValueError()\n"));
  EXPECT_FALSE(bodyExits("    x = 1\n"));
}

TEST(Flow, IfNeedsEveryBranchToExit) {
  EXPECT_FALSE(bodyExits("    if x:\n        return 1\n"));
  EXPECT_TRUE(bodyExits("    if x:\n        return 1\n    else:\n        return 2\n"));
  EXPECT_FALSE(
      bodyExits("    if x:\n        return 1\n    elif y:\n        pass\n    else:\n"
                "        return 2\n"));
  EXPECT_TRUE(bodyExits("    if x:\n        pass\n    return 3\n"));
}

TEST(Flow, TryWithAndLoops) {
  EXPECT_TRUE(bodyExits("    try:\n        return 1\n    except E:\n        raise\n"));
  EXPECT_FALSE(bodyExits("    try:\n        return 1\n    except E:\n        pass\n"));
  EXPECT_TRUE(bodyExits("    try:\n        pass\n    finally:\n        return 2\n"));
  EXPECT_TRUE(bodyExits("    with x:\n        return 1\n"));
  EXPECT_FALSE(bodyExits("    for i in x:\n        return i\n"));
  EXPECT_TRUE(bodyExits("    while True:\n        x()\n"));
  EXPECT_FALSE(bodyExits("    while True:\n        break\n"));
  EXPECT_TRUE(bodyExits("    while True:\n        for i in x:\n            break\n"));
}

TEST(Flow, InsideLoopStopsAtTheFunction) {
  testing::Parsed p("for a in b:\n    def f():\n        x = 1\n    y = 2\n");
  EXPECT_FALSE(insideLoop(p.find("assignment", "x = 1")));
  EXPECT_TRUE(insideLoop(p.find("assignment", "y = 2")));
}

}  // namespace
}  // namespace lightfix
