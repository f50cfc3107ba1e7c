#include "report/progress_bar.h"

#include <gtest/gtest.h>

namespace lightfix {
namespace {

TEST(ProgressLine, ShowsFilesFindingsAndRate) {
  EXPECT_EQ(progressLine(100, 400, 3, 2.0, 200),
            "[======>                 ] 100/400 files · 3 findings · 50 files/s");
  EXPECT_EQ(progressLine(400, 400, 1, 0.5, 200),
            "[========================] 400/400 files · 1 finding · 800 files/s");
  EXPECT_EQ(progressLine(0, 0, 0, 0.0, 200),
            "[========================] 0/0 files · 0 findings · 0 files/s");
}

TEST(ProgressLine, NeverWiderThanTheTerminal) {
  // `·` is two bytes and one column.
  EXPECT_EQ(progressLine(100, 400, 3, 2.0, 44), "[======>                 ] 100/400 files · 3");
  EXPECT_EQ(progressLine(100, 400, 3, 2.0, 43), "[======>                 ] 100/400 files · ");
  EXPECT_EQ(progressLine(100, 400, 3, 2.0, 42), "[======>                 ] 100/400 files ·");
}

}  // namespace
}  // namespace lightfix
