#include "report/fix_hunk.h"

#include "diff/unified_diff.h"
#include "edit/apply_fixes.h"

namespace lightfix {

std::string renderFixHunk(const SourceFile& file, const Fix& fix, const Style& style) {
  std::string fixed = applyEdits(file.text(), fix.edits);
  std::string out;
  std::string hunks = unifiedHunks(file.text(), fixed, 1);
  size_t start = 0;
  while (start < hunks.size()) {
    size_t nl = hunks.find('\n', start);
    std::string line = hunks.substr(start, nl - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
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
