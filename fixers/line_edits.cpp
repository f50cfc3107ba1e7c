#include "fixers/line_edits.h"

#include <cctype>

#include "core/source_file.h"
#include "python/node.h"

namespace lightfix {

std::optional<clang::tooling::Replacement> deleteStatementLines(const SourceFile& file,
                                                                Node statement) {
  Node block = parentOf(statement);
  if (isNull(block) || namedChildCount(block) < 2) return std::nullopt;
  std::string_view text = file.text();
  unsigned first = file.lineOf(startOf(statement));
  unsigned last = file.lineOf(endOf(statement) > 0 ? endOf(statement) - 1 : 0);
  for (uint32_t i = file.lineStart(first); i < startOf(statement); ++i)
    if (!std::isspace(static_cast<unsigned char>(text[i]))) return std::nullopt;
  for (uint32_t i = endOf(statement); i < file.lineEnd(last); ++i) {
    if (text[i] == '#') break;
    if (!std::isspace(static_cast<unsigned char>(text[i]))) return std::nullopt;
  }
  uint32_t from = file.lineStart(first);
  uint32_t to =
      last + 1 < file.lineCount() ? file.lineStart(last + 1) : static_cast<uint32_t>(text.size());
  return clang::tooling::Replacement(file.path(), from, to - from, "");
}

}  // namespace lightfix
