#include "report/fix_hunk.h"

#include <fmt/format.h>

#include <cstdio>

#include "core/notebook.h"
#include "diff/unified_diff.h"
#include "edit/apply_fixes.h"

namespace lightfix {

namespace {

// A notebook's hunk as its cell has it: rows in the cell, magics restored.
std::string asInNotebook(const SourceFile& file, const std::string& line) {
  unsigned from = 0;
  unsigned fromCount = 0;
  unsigned to = 0;
  unsigned toCount = 0;
  if (std::sscanf(line.c_str(), "@@ -%u,%u +%u,%u @@", &from, &fromCount, &to, &toCount) == 4 &&
      from > 0) {
    unsigned row = file.displayRow(from - 1);
    return fmt::format("@@ -{},{} +{},{} @@", row, fromCount, row + (to - from), toCount);
  }
  if (line.empty() || line.rfind("@@", 0) == 0) return line;
  return line.substr(0, 1) + lineAsWritten(std::string_view(line).substr(1));
}

}  // namespace

std::string renderFixHunk(const SourceFile& file, const Fix& fix, const Style& style) {
  std::string fixed = applyEdits(file.text(), fix.edits);
  std::string out;
  std::string hunks = unifiedHunks(file.text(), fixed, 1);
  size_t start = 0;
  while (start < hunks.size()) {
    size_t nl = hunks.find('\n', start);
    std::string line = hunks.substr(start, nl - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (isNotebookPath(file.path())) line = asInNotebook(file, line);
    const char* color = line.rfind("@@", 0) == 0 ? kCyan
                        : line[0] == '+'         ? kGreen
                        : line[0] == '-'         ? kDimRed
                                                 : nullptr;
    out += "  " + (color ? style(color, line) : line) + "\n";
    start = nl == std::string::npos ? hunks.size() : nl + 1;
  }
  return out;
}

}  // namespace lightfix
