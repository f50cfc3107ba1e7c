#include "driver/code_regions.h"

#include <gtest/gtest.h>

#include <string>

namespace lightfix {
namespace {

// The regions as `c[...]`, `s[...]` and `f[...]`, in order.
std::string regions(std::string_view text) {
  std::string out;
  forEachRegion(text, [&](Region region, std::string_view part) {
    out += region == Region::Code ? 'c' : region == Region::String ? 's' : 'f';
    out += "[" + std::string(part) + "]";
  });
  return out;
}

TEST(CodeRegions, CommentsAreLeftOut) {
  EXPECT_EQ(regions("x = 1  # fabric.setup(model)\ny = 2\n"), "c[x = 1  ]c[\ny = 2\n]");
  EXPECT_EQ(regions("# only a comment"), "");
}

TEST(CodeRegions, LiteralsOfEveryQuotingAreStrings) {
  EXPECT_EQ(regions("a('x', \"y\")"), "c[a(]s[x]c[, ]s[y]c[)]");
  EXPECT_EQ(regions("'''one\n'two' \"\"\" # not a comment\n'''\nz"),
            "s[one\n'two' \"\"\" # not a comment\n]c[\nz]");
  EXPECT_EQ(regions("\"\"\"\"\"\"x"), "s[]c[x]");
  EXPECT_EQ(regions("''"), "s[]");
}

TEST(CodeRegions, EscapesNeverEndALiteral) {
  EXPECT_EQ(regions(R"x(s = "a\"b" + r'\'' + 'c\\')x"),
            R"x(c[s = ]s[a\"b]c[ + r]s[\']c[ + ]s[c\\])x");
  EXPECT_EQ(regions("s = 'line \\\ncontinued' # c"), "c[s = ]s[line \\\ncontinued]c[ ]");
}

TEST(CodeRegions, FStringsAreToldApartByTheirPrefix) {
  EXPECT_EQ(regions("f'{a.fit(m)}' + rf\"x\" + b'y' + elf'z'"),
            "c[f]f[{a.fit(m)}]c[ + rf]f[x]c[ + b]s[y]c[ + elf]s[z]");
}

TEST(CodeRegions, AnUnterminatedLiteralEndsAtItsLineOrTheText) {
  EXPECT_EQ(regions("x = 'open\nfabric.setup(m)\n"), "c[x = ]s[open]c[\nfabric.setup(m)\n]");
  EXPECT_EQ(regions("x = '''open\nfabric"), "c[x = ]s[open\nfabric]");
  EXPECT_EQ(regions("x = 'ends with a backslash\\"), "c[x = ]s[ends with a backslash\\]");
}

}  // namespace
}  // namespace lightfix
