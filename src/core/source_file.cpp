#include "core/source_file.h"

#include <algorithm>
#include <cstdlib>
#include <iterator>

#include "core/notebook.h"

namespace lightfix {

std::string placeOf(const std::string& path, const Position& p) {
  std::string cell = p.cell ? "cell " + std::to_string(p.cell) + ":" : "";
  return path + ":" + cell + std::to_string(p.row) + ":" + std::to_string(p.column);
}

SourceFile::SourceFile(std::string path, std::string text)
    : path_(std::move(path)), text_(std::move(text)) {
  lineStarts_.push_back(0);
  size_t crlf = 0;
  size_t lf = 0;
  for (size_t i = 0; i < text_.size(); ++i) {
    if (text_[i] != '\n') continue;
    (i > 0 && text_[i - 1] == '\r') ? ++crlf : ++lf;
    lineStarts_.push_back(static_cast<uint32_t>(i + 1));
  }
  if (crlf > lf) eol_ = "\r\n";
  if (!isNotebookPath(path_)) return;
  for (unsigned line0 = 0; line0 < lineStarts_.size(); ++line0) {
    std::string_view line = lineText(line0);
    if (line.compare(0, kCellMarker.size(), kCellMarker) != 0) continue;
    cellMarkers_.emplace_back(
        line0, static_cast<unsigned>(std::strtoul(
                   std::string(line.substr(kCellMarker.size())).c_str(), nullptr, 10)));
  }
}

bool SourceFile::isCellMarker(unsigned line0) const {
  return std::binary_search(cellMarkers_.begin(), cellMarkers_.end(),
                            std::pair<unsigned, unsigned>{line0, 0},
                            [](const auto& a, const auto& b) { return a.first < b.first; });
}

std::pair<unsigned, unsigned> SourceFile::cellOf(unsigned line0) const {
  auto after = std::upper_bound(
      cellMarkers_.begin(), cellMarkers_.end(), line0,
      [](unsigned l, const std::pair<unsigned, unsigned>& marker) { return l < marker.first; });
  if (after == cellMarkers_.begin())
    return {cellMarkers_.empty() ? 0 : cellMarkers_[0].second, line0 + 1};
  auto marker = std::prev(after);
  return {marker->second, line0 - marker->first};
}

unsigned SourceFile::lineOf(uint32_t offset) const {
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  return static_cast<unsigned>(it - lineStarts_.begin()) - 1;
}

uint32_t SourceFile::lineEnd(unsigned line0) const {
  uint32_t end = line0 + 1 < lineStarts_.size() ? lineStarts_[line0 + 1] : text_.size();
  if (end > lineStarts_[line0] && text_[end - 1] == '\n') --end;
  if (end > lineStarts_[line0] && text_[end - 1] == '\r') --end;
  return end;
}

std::string_view SourceFile::lineText(unsigned line0) const {
  uint32_t start = lineStarts_[line0];
  return std::string_view(text_).substr(start, lineEnd(line0) - start);
}

std::string_view SourceFile::indentOf(unsigned line0) const {
  std::string_view line = lineText(line0);
  size_t n = line.find_first_not_of(" \t");
  return line.substr(0, n == std::string_view::npos ? line.size() : n);
}

Position SourceFile::position(uint32_t offset) const {
  unsigned line0 = lineOf(offset);
  unsigned column = 1;
  // Columns count characters: skip UTF-8 continuation bytes.
  for (uint32_t i = lineStarts_[line0]; i < offset && i < text_.size(); ++i)
    if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++column;
  auto [cell, row] = cellOf(line0);
  return {row, column, cell};
}

}  // namespace lightfix
