#include "server/text_positions.h"

#include <algorithm>

namespace lightfix {

namespace {

// The bytes of the UTF-8 sequence a lead byte starts (1 for a stray byte,
// which counts as one code unit, as a decoder's replacement would).
uint32_t sequenceLength(unsigned char lead) {
  if (lead >= 0xF0 && lead < 0xF8) return 4;
  if (lead >= 0xE0) return lead < 0xF0 ? 3 : 1;
  if (lead >= 0xC0) return 2;
  return 1;
}

// The code units one UTF-8 sequence of `bytes` bytes takes in `encoding`.
uint32_t unitsOf(uint32_t bytes, PositionEncoding encoding) {
  switch (encoding) {
    case PositionEncoding::Utf8:
      return bytes;
    case PositionEncoding::Utf16:
      return bytes == 4 ? 2 : 1;
    case PositionEncoding::Utf32:
      return 1;
  }
  return bytes;
}

}  // namespace

const char* encodingName(PositionEncoding encoding) {
  switch (encoding) {
    case PositionEncoding::Utf8:
      return "utf-8";
    case PositionEncoding::Utf16:
      return "utf-16";
    case PositionEncoding::Utf32:
      return "utf-32";
  }
  return "utf-16";
}

std::optional<LspPosition> positionOf(const llvm::json::Object* object) {
  if (!object) return std::nullopt;
  llvm::Optional<int64_t> line = object->getInteger("line");
  llvm::Optional<int64_t> character = object->getInteger("character");
  if (!line || !character || *line < 0 || *character < 0) return std::nullopt;
  return LspPosition{static_cast<uint32_t>(*line), static_cast<uint32_t>(*character)};
}

LineIndex::LineIndex(std::string_view text) : text_(text) {
  starts_.push_back(0);
  for (uint32_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    if (text[i] == '\n' || text[i] == '\r') starts_.push_back(i + 1);
  }
}

uint32_t LineIndex::lineEnd(uint32_t line) const {
  if (line + 1 >= starts_.size()) return static_cast<uint32_t>(text_.size());
  uint32_t end = starts_[line + 1] - 1;  // the break's last byte
  if (end > starts_[line] && text_[end] == '\n' && text_[end - 1] == '\r') --end;
  return end;
}

LspPosition LineIndex::position(uint32_t offset, PositionEncoding encoding) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  auto after = std::upper_bound(starts_.begin(), starts_.end(), offset);
  auto line = static_cast<uint32_t>(after - starts_.begin() - 1);
  uint32_t at = starts_[line];
  uint32_t units = 0;
  while (at < offset) {
    uint32_t bytes = std::min(sequenceLength(static_cast<unsigned char>(text_[at])), offset - at);
    units += unitsOf(bytes, encoding);
    at += bytes;
  }
  return {line, units};
}

uint32_t LineIndex::offset(LspPosition position, PositionEncoding encoding) const {
  if (position.line >= starts_.size()) return static_cast<uint32_t>(text_.size());
  uint32_t at = starts_[position.line];
  uint32_t end = lineEnd(position.line);
  uint32_t units = 0;
  while (at < end && units < position.character) {
    uint32_t bytes = std::min(sequenceLength(static_cast<unsigned char>(text_[at])), end - at);
    units += unitsOf(bytes, encoding);
    at += bytes;
  }
  return at;
}

}  // namespace lightfix
