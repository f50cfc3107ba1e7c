#pragma once
// LSP positions: a 0-based line and a 0-based count of code units, in the
// encoding the client and server agreed on, against lightfix's byte offsets.

#include <llvm/Support/JSON.h>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace lightfix {

enum class PositionEncoding { Utf8, Utf16, Utf32 };

// As the protocol spells it: "utf-8", "utf-16", "utf-32".
const char* encodingName(PositionEncoding encoding);

struct LspPosition {
  uint32_t line = 0;
  uint32_t character = 0;
  bool operator==(const LspPosition& o) const { return line == o.line && character == o.character; }
};

// A Position object of the protocol; none when it is missing or malformed.
std::optional<LspPosition> positionOf(const llvm::json::Object* object);

// Where the lines of a text start, by the protocol's line breaks (`\n`,
// `\r\n` and a lone `\r`). It views the text, which must outlive it.
class LineIndex {
 public:
  explicit LineIndex(std::string_view text);

  LspPosition position(uint32_t offset, PositionEncoding encoding) const;
  // The byte offset of a position: a character past its line's end is the
  // line's end, a line past the last is the text's end, as the protocol
  // asks.
  uint32_t offset(LspPosition position, PositionEncoding encoding) const;

 private:
  // The byte where a 0-based line's text ends, before its line break.
  uint32_t lineEnd(uint32_t line) const;

  std::string_view text_;
  std::vector<uint32_t> starts_;
};

}  // namespace lightfix
