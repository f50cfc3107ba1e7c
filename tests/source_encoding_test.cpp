#include "core/source_encoding.h"

#include <gtest/gtest.h>

#include <string>

namespace lightfix {
namespace {

// 40 ASCII bytes with `inserted` put at `at`: every offset of the 8-byte
// words the check reads at a time, and the tail it reads byte by byte.
std::string withBytesAt(size_t at, const std::string& inserted) {
  std::string text(40, 'x');
  text.replace(at, 0, inserted);
  return text;
}

TEST(RefusedByte, PlainAsciiAndValidUtf8Pass) {
  EXPECT_FALSE(refusedByte(""));
  EXPECT_FALSE(refusedByte("import lightning as L\n"));
  for (size_t at = 0; at <= 40; ++at) {
    EXPECT_FALSE(refusedByte(withBytesAt(at, "\xc3\xa9"))) << at;          // é
    EXPECT_FALSE(refusedByte(withBytesAt(at, "\xe2\x82\xac"))) << at;      // €
    EXPECT_FALSE(refusedByte(withBytesAt(at, "\xf0\x9f\x94\xa5"))) << at;  // 🔥
  }
}

TEST(RefusedByte, FindsANulAtAnyOffset) {
  for (size_t at = 0; at <= 40; ++at) {
    auto bad = refusedByte(withBytesAt(at, std::string(1, '\0')));
    ASSERT_TRUE(bad) << at;
    EXPECT_EQ(bad->offset, at);
    EXPECT_EQ(bad->why, "a NUL byte, which Python refuses");
  }
}

TEST(RefusedByte, FindsTheFirstInvalidByteAtAnyOffset) {
  for (size_t at = 0; at <= 40; ++at) {
    auto bad = refusedByte(withBytesAt(at, "\xe9"));
    ASSERT_TRUE(bad) << at;
    EXPECT_EQ(bad->offset, at);
    EXPECT_EQ(bad->why, "not valid UTF-8 (byte 0xe9)");
  }
  // A sequence cut short by the end of the text.
  auto cut = refusedByte("x = '\xe2\x82");
  ASSERT_TRUE(cut);
  EXPECT_EQ(cut->offset, 5u);
}

TEST(RefusedByte, RefusesWhatPythonsDecoderRefuses) {
  EXPECT_TRUE(refusedByte("\xc0\xaf"));          // overlong '/'
  EXPECT_TRUE(refusedByte("\xed\xa0\x80"));      // a surrogate
  EXPECT_TRUE(refusedByte("\xf4\x90\x80\x80"));  // above U+10FFFF
  EXPECT_TRUE(refusedByte("\x80"));              // a continuation alone
}

TEST(RefusedByte, AnotherDeclaredEncodingIsNotJudgedButANulStillIs) {
  std::string latin = "# -*- coding: latin-1 -*-\nname = 'caf\xe9'\n";
  EXPECT_FALSE(refusedByte(latin));
  EXPECT_TRUE(refusedByte("# coding: utf-8\nname = 'caf\xe9'\n"));
  EXPECT_TRUE(refusedByte(latin + std::string(1, '\0')));
}

}  // namespace
}  // namespace lightfix
