#include "core/source_encoding.h"

#include <fmt/format.h>

#include <cctype>
#include <cstdint>
#include <cstring>
#include <regex>
#include <string>

namespace lightfix {

namespace {

// PEP 263: `# -*- coding: latin-1 -*-` or `# vim: set fileencoding=latin-1 :`
// on line 1 or 2; the bytes are then that encoding's, which we do not judge.
bool declaresOtherEncoding(std::string_view text) {
  static const std::regex cookie(R"(^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+))");
  size_t start = 0;
  for (int line = 0; line < 2 && start < text.size(); ++line) {
    size_t end = text.find('\n', start);
    std::string row(text.substr(start, end == std::string_view::npos ? end : end - start));
    std::smatch m;
    if (std::regex_search(row, m, cookie)) {
      std::string name = m[1].str();
      for (char& c : name) c = static_cast<char>(c == '_' ? '-' : std::tolower(c));
      return name != "utf-8" && name != "utf8" && name.rfind("utf-8-", 0) != 0;
    }
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return false;
}

// The length of the valid UTF-8 sequence at `i`, or 0.
size_t sequenceAt(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char b = byte(i);
  if (b < 0x80) return 1;
  size_t length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 0;
  if (length == 0 || b > 0xF4 || b == 0xC0 || b == 0xC1 || i + length > text.size()) return 0;
  for (size_t k = 1; k < length; ++k)
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  unsigned char second = byte(i + 1);
  if (b == 0xE0 && second < 0xA0) return 0;   // overlong
  if (b == 0xED && second >= 0xA0) return 0;  // a surrogate
  if (b == 0xF0 && second < 0x90) return 0;   // overlong
  if (b == 0xF4 && second >= 0x90) return 0;  // above U+10FFFF
  return length;
}

// Whether the 8 bytes at `p` are all ASCII and none is NUL: most of a
// Python file, passed over a word at a time.
bool plainAsciiWord(const char* p) {
  constexpr uint64_t kLow = 0x0101010101010101;
  constexpr uint64_t kHigh = 0x8080808080808080;
  uint64_t w = 0;
  std::memcpy(&w, p, sizeof w);
  bool nul = ((w - kLow) & ~w & kHigh) != 0;
  return (w & kHigh) == 0 && !nul;
}

}  // namespace

std::optional<RefusedByte> refusedByte(std::string_view text) {
  std::optional<bool> otherEncoding;  // read only when a byte is not UTF-8
  for (size_t i = 0; i < text.size();) {
    if (i + 8 <= text.size() && plainAsciiWord(text.data() + i)) {
      i += 8;
      continue;
    }
    if (text[i] == '\0') return RefusedByte{i, "a NUL byte, which Python refuses"};
    size_t n = sequenceAt(text, i);
    if (n == 0) {
      if (!otherEncoding) otherEncoding = declaresOtherEncoding(text);
      if (!*otherEncoding)
        return RefusedByte{
            i, fmt::format("not valid UTF-8 (byte 0x{:02x})", static_cast<unsigned char>(text[i]))};
      n = 1;
    }
    i += n;
  }
  return std::nullopt;
}

}  // namespace lightfix
