#pragma once
// A Python source file as lightfix sees it: its bytes, where its lines start,
// and the conventions (line ending, indentation) a fix must keep.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lightfix {

// A 1-based row and a 1-based column counted in characters, as ruff reports;
// in a notebook, the row is in the cell numbered `cell` (Notebook).
struct Position {
  unsigned row = 1;
  unsigned column = 1;
  unsigned cell = 0;  // 0: not a notebook
  bool operator==(const Position& o) const {
    return row == o.row && column == o.column && cell == o.cell;
  }
};

// `path:row:column`, or `path:cell N:row:column` in a notebook: a place as
// ruff writes it.
std::string placeOf(const std::string& path, const Position& p);

class SourceFile {
 public:
  SourceFile(std::string path, std::string text);

  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }

  // The line ending the file mostly uses: "\r\n" or "\n".
  std::string_view eol() const { return eol_; }

  Position position(uint32_t offset) const;
  // The row a 0-based line is shown as: line0 + 1, or its row in its cell.
  unsigned displayRow(unsigned line0) const { return cellOf(line0).second; }
  // Whether a 0-based line is a notebook's cell marker (Notebook).
  bool isCellMarker(unsigned line0) const;
  // Byte offsets of the start of the 0-based line and of its end (before its
  // line terminator).
  uint32_t lineStart(unsigned line0) const { return lineStarts_[line0]; }
  uint32_t lineEnd(unsigned line0) const;
  unsigned lineOf(uint32_t offset) const;
  unsigned lineCount() const { return static_cast<unsigned>(lineStarts_.size()); }
  std::string_view lineText(unsigned line0) const;
  // The whitespace a line starts with.
  std::string_view indentOf(unsigned line0) const;

 private:
  // A notebook's (cell, row in it) of a 0-based line; (0, line0 + 1) else.
  std::pair<unsigned, unsigned> cellOf(unsigned line0) const;

  std::string path_;
  std::string text_;
  std::vector<uint32_t> lineStarts_;
  // A notebook's cell markers: their 0-based lines and cell numbers.
  std::vector<std::pair<unsigned, unsigned>> cellMarkers_;
  std::string_view eol_ = "\n";
};

}  // namespace lightfix
