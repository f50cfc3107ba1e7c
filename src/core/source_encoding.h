#pragma once
// Whether bytes are a source Python accepts: UTF-8, unless a coding
// declaration (PEP 263) names another encoding, and no NUL byte.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace lightfix {

// The first byte Python would refuse a source for, and why: one that is not
// part of a valid UTF-8 sequence (overlong forms, surrogates and code points
// above U+10FFFF included, as Python's decoder refuses them) unless the first
// two lines declare another encoding, or a NUL byte.
struct RefusedByte {
  size_t offset;
  std::string why;  // "not valid UTF-8 (byte 0xe9)", "a NUL byte, which Python refuses"
};
std::optional<RefusedByte> refusedByte(std::string_view text);

}  // namespace lightfix
