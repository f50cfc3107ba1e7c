#pragma once
// A Python source file as lightfix sees it: its bytes, where its lines start,
// and the conventions (line ending, indentation) a fix must keep.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace lightfix {

// A 1-based row and a 1-based column counted in characters, as ruff reports.
struct Position {
  unsigned row = 1;
  unsigned column = 1;
  bool operator==(const Position& o) const { return row == o.row && column == o.column; }
};

class SourceFile {
 public:
  SourceFile(std::string path, std::string text);

  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }

  // The line ending the file mostly uses: "\r\n" or "\n".
  std::string_view eol() const { return eol_; }

  Position position(uint32_t offset) const;
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
  std::string path_;
  std::string text_;
  std::vector<uint32_t> lineStarts_;
  std::string_view eol_ = "\n";
};

}  // namespace lightfix
