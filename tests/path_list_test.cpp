// PathList gives back every path byte for byte, however it is spelled.

#include "driver/path_list.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

TEST(PathList, GivesBackEachPathAsAdded) {
  std::vector<std::string> paths = {
      "fleet/a/train.py", "fleet/a/model.py", "fleet/a/pkg/m.py", "fleet/a/z.py", "train.py",
      "/abs.py",          "/srv/b/x.py",      "./odd//x.py",      "dir/",         "",
      "fleet/a/train.py"};
  lightfix::PathList list;
  for (const std::string& p : paths) list.push_back(p);
  ASSERT_EQ(list.size(), paths.size());
  for (size_t i = 0; i < paths.size(); ++i) EXPECT_EQ(list[i], paths[i]) << i;
  EXPECT_EQ(std::vector<std::string>(list.begin(), list.end()), paths);
}

TEST(PathList, KeepsOnlyThoseAsked) {
  lightfix::PathList list{"a/x.py", "a/y.py", "b/x.py", "a/x.py"};
  list.keepOnly({true, false, true, false});
  EXPECT_EQ(std::vector<std::string>(list.begin(), list.end()),
            (std::vector<std::string>{"a/x.py", "b/x.py"}));
  EXPECT_TRUE(lightfix::PathList().empty());
}

}  // namespace
