#include "edit/insertion.h"

#include "core/source_file.h"
#include "python/node.h"

namespace lightfix {

using clang::tooling::Replacement;

Replacement insertLineBefore(const SourceFile& file, Node statement, const std::string& code) {
  unsigned line = file.lineOf(startOf(statement));
  std::string text = std::string(file.indentOf(line)) + code + std::string(file.eol());
  return Replacement(file.path(), file.lineStart(line), 0, text);
}

Replacement insertLineAfter(const SourceFile& file, Node statement, const std::string& code,
                            const std::string* indent) {
  unsigned first = file.lineOf(startOf(statement));
  unsigned last = file.lineOf(endOf(statement) > 0 ? endOf(statement) - 1 : 0);
  std::string lead = indent ? *indent : std::string(file.indentOf(first));
  std::string text = std::string(file.eol()) + lead + code;
  return Replacement(file.path(), file.lineEnd(last), 0, text);
}

Replacement replaceNode(const SourceFile& file, Node node, const std::string& text) {
  return Replacement(file.path(), startOf(node), endOf(node) - startOf(node), text);
}

bool addEdit(clang::tooling::Replacements& edits, const Replacement& edit) {
  if (llvm::Error err = edits.add(edit)) {
    llvm::consumeError(std::move(err));
    return false;
  }
  return true;
}

Replacement insertAt(const SourceFile& file, uint32_t offset, const std::string& text) {
  return Replacement(file.path(), offset, 0, text);
}

}  // namespace lightfix
