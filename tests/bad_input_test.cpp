// Bad file contents, through the real binary: each is reported in one line
// naming the file, or checked like any other; a file lightfix cannot judge is
// left byte for byte as it was; the other file of the run is still fixed.

#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "robustness_support.h"

namespace {

const char* kFix = "fix --output-format concise -q .";

class BadInput : public BesideAGoodFile {};

TEST_F(BadInput, InvalidSyntaxIsAFindingAndNoFixElsewhereInTheFile) {
  // The LF001 finding at line 10 has a fix, but the file does not parse.
  std::string broken = std::string(kFaulty) + "def f(:\n    pass\n";
  write("broken.py", broken);
  Result r = lightfix(dir, kFix);
  expectLeftAsItIs(r,
                   "lightfix: broken.py: invalid Python syntax; file left as it is\n"
                   "broken.py:12:7: SyntaxError: invalid syntax\n",
                   1, "broken.py", broken);
}

TEST_F(BadInput, InvalidUtf8IsRefusedAsPythonRefusesIt) {
  std::string latin = std::string(kFaulty) + "# caf\xe9\n";
  write("latin.py", latin);
  Result r = lightfix(dir, kFix);
  expectLeftAsItIs(r, "lightfix: latin.py:12:6: not valid UTF-8 (byte 0xe9); file left as it is\n",
                   2, "latin.py", latin);
}

TEST_F(BadInput, AnotherDeclaredEncodingIsCheckedAsBytes) {
  // PEP 263: Python reads this file as Latin-1; the fix keeps its bytes.
  std::string cookie = "# -*- coding: latin-1 -*-\n";
  write("latin.py", cookie + kFaulty + "# caf\xe9\n");
  Result r = lightfix(dir, kFix);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(slurp(dir / "latin.py"), cookie + kFixed + "# caf\xe9\n");
}

TEST_F(BadInput, NulBytesAreRefusedAsPythonRefusesThem) {
  std::string nul = std::string(kFaulty) + "x = '" + std::string(1, '\0') + "'\n";
  write("nul.py", nul);
  Result r = lightfix(dir, kFix);
  expectLeftAsItIs(r,
                   "lightfix: nul.py:12:6: a NUL byte, which Python refuses; file left as it is\n",
                   2, "nul.py", nul);
}

TEST_F(BadInput, AByteOrderMarkIsKept) {
  std::string bom = "\xef\xbb\xbf";
  write("bom.py", bom + kFaulty);
  Result r = lightfix(dir, kFix);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(slurp(dir / "bom.py"), bom + kFixed);
  // The mark does not disturb the parse: the finding is where it is without it.
  write("bom.py", bom + kFaulty);
  EXPECT_EQ(lightfix(dir, "check --output-format concise -q bom.py").out.substr(0, 26),
            "bom.py:10:5: error[LF001] ");
}

TEST_F(BadInput, AnEmptyFileIsClean) {
  write("empty.py", "");
  Result r = lightfix(dir, kFix);
  expectLeftAsItIs(r, "", 0, "empty.py", "");
}

TEST_F(BadInput, A50MegabyteFileIsSkippedUnread) {
  write("big.py", std::string(kFaulty) + std::string(50u << 20, '#') + "\n");
  Result r = lightfix(dir, kFix);
  EXPECT_EQ(r.out,
            "lightfix: notice: big.py: not checked: 50.0 MB is above the 10.0 MB limit "
            "(max-file-size)\n");
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(fs::file_size(dir / "big.py"), std::string(kFaulty).size() + (50u << 20) + 1);
  expectGoodFileFixed();
}

TEST_F(BadInput, A9MegabyteFileIsFixedInSeconds) {
  // 40,000 statements after the finding, each with a long comment (once
  // quadratic, such a file took minutes).
  std::string body;
  for (int i = 0; body.size() < (9u << 20); ++i)
    body += "value_" + std::to_string(i) + " = compute(value, " + std::to_string(i) + ")  # " +
            std::string(200, '-') + "\n";
  write("large.py", kFaulty + body);
  auto start = std::chrono::steady_clock::now();
  Result r = lightfix(dir, kFix);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(slurp(dir / "large.py"), kFixed + body);
  EXPECT_LT(seconds, 60) << "a 9 MB file took " << seconds << " s";
  std::cout << "9 MB file fixed in " << seconds << " s\n";
  expectGoodFileFixed();
}

// Brackets, attributes and calls nest 10,000 deep, where Python refuses
// more than 200: no walk may recurse per level.
TEST_F(BadInput, DeepNestingNeitherCrashesNorStopsTheFix) {
  const int depth = 10000;
  auto nested = [](const std::string& open, const std::string& close, int levels) {
    std::string s;
    for (int i = 0; i < levels; ++i) s += open;
    s += "1";
    for (int i = 0; i < levels; ++i) s += close;
    return s;
  };
  std::string chain = "fabric";
  for (int i = 0; i < depth; ++i) chain += ".child";
  std::string deep = std::string(kFaulty) + "x = " + nested("(", ")", depth) + "\n" +
                     "y = " + nested("[", "]", depth) + "\n" + "z = " + nested("f(", ")", depth) +
                     "\n" + "w = " + nested("{1: ", "}", depth) + "\n" + chain +
                     ".backward(loss)\n";
  write("deep.py", deep);
  Result r = lightfix(dir, "check --output-format concise -q deep.py");
  EXPECT_EQ(r.exit, 1) << r.out.substr(0, 2000);
  EXPECT_EQ(r.out.substr(0, 27), "deep.py:10:5: error[LF001] ") << r.out.substr(0, 2000);

  // 100 nested ifs, as deep as Python allows, are checked and fixed; 2,000
  // (Python: "too many levels of indentation") and 10,000 brackets never
  // closed are syntax errors.
  auto ifs = [](int levels) {
    std::string text = kFaulty;
    for (int i = 0; i < levels; ++i) text += std::string(i, ' ') + "if x:\n";
    return text + std::string(levels, ' ') + "fabric.backward(loss)\n";
  };
  write("ifs.py", ifs(100));
  write("too_deep.py", ifs(2000));
  write("open.py", std::string(kFaulty) + "x = " + std::string(depth, '(') + "\n");
  r = lightfix(dir, kFix);
  EXPECT_EQ(r.out,
            "lightfix: open.py: invalid Python syntax; file left as it is\n"
            "lightfix: too_deep.py: invalid Python syntax; file left as it is\n"
            "open.py:1:1: SyntaxError: invalid syntax\n"
            "too_deep.py:1:1: SyntaxError: invalid syntax\n");
  EXPECT_EQ(r.exit, 1);
  EXPECT_EQ(slurp(dir / "ifs.py"), kFixed + ifs(100).substr(std::string(kFaulty).size()));
  EXPECT_EQ(slurp(dir / "too_deep.py"), ifs(2000));
  expectGoodFileFixed();
}

TEST_F(BadInput, AOneMegabyteLineIsFixedAround) {
  std::string line = "table = [" + std::string(1u << 20, '1') + "]\n";
  write("long.py", kFaulty + line);
  Result r = lightfix(dir, kFix);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(slurp(dir / "long.py"), kFixed + line);
}

// Replaces every "\n" of `text` with "\r\n".
std::string crlf(std::string text) {
  for (size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', at + 2))
    text.replace(at, 1, "\r\n");
  return text;
}

TEST_F(BadInput, LineEndingsAreKeptAndInsertedLinesFollowTheFile) {
  write("crlf.py", crlf(kFaulty));
  // Mostly CRLF, two lines LF: the inserted line takes the file's CRLF.
  std::string mixed = crlf(kFaulty);
  mixed.replace(mixed.find("import torch\r\n"), 14, "import torch\n");
  mixed.replace(mixed.find("    optimizer.step()\r\n"), 22, "    optimizer.step()\n");
  write("mixed.py", mixed);
  Result r = lightfix(dir, kFix);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(slurp(dir / "crlf.py"), crlf(kFixed));
  std::string fixedMixed = crlf(kFixed);
  fixedMixed.replace(fixedMixed.find("import torch\r\n"), 14, "import torch\n");
  fixedMixed.replace(fixedMixed.find("    optimizer.step()\r\n"), 22, "    optimizer.step()\n");
  EXPECT_EQ(slurp(dir / "mixed.py"), fixedMixed);
  expectGoodFileFixed();
}

}  // namespace
