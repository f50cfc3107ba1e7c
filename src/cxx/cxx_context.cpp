#include "cxx/cxx_context.h"

#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

namespace lightfix {

std::optional<uint32_t> CxxContext::offsetOf(clang::SourceLocation loc) const {
  const clang::SourceManager& sm = ast.getSourceManager();
  clang::SourceLocation at = sm.getExpansionLoc(loc);
  if (at.isInvalid() || sm.getFileID(at) != sm.getMainFileID()) return std::nullopt;
  return sm.getFileOffset(at);
}

std::optional<std::pair<uint32_t, uint32_t>> CxxContext::rangeOf(clang::SourceRange range) const {
  const clang::SourceManager& sm = ast.getSourceManager();
  clang::CharSourceRange chars = sm.getExpansionRange(range);
  clang::SourceLocation end = chars.getEnd();
  if (chars.isTokenRange()) end = clang::Lexer::getLocForEndOfToken(end, 0, sm, ast.getLangOpts());
  std::optional<uint32_t> from = offsetOf(chars.getBegin());
  std::optional<uint32_t> to = end.isValid() ? offsetOf(end) : std::nullopt;
  if (!from || !to || *to < *from) return std::nullopt;
  return std::make_pair(*from, *to);
}

std::optional<std::string_view> CxxContext::textOf(clang::SourceRange range) const {
  // A macro's expansion is not text of the file.
  if (range.getBegin().isMacroID() || range.getEnd().isMacroID()) return std::nullopt;
  auto bytes = rangeOf(range);
  if (!bytes) return std::nullopt;
  return std::string_view(file.text()).substr(bytes->first, bytes->second - bytes->first);
}

unsigned CxxContext::lineOf(clang::SourceLocation loc) const {
  const clang::SourceManager& sm = ast.getSourceManager();
  return sm.getExpansionLineNumber(loc);
}

clang::tooling::Replacement CxxContext::replacement(uint32_t offset, uint32_t length,
                                                    std::string_view text) const {
  return clang::tooling::Replacement(file.path(), offset, length, text);
}

}  // namespace lightfix
