#pragma once
// What a C++ rule's matcher and fixer may read: the translation unit's AST
// and the main file being checked. Matchers look only at declarations
// written in the main file, never into torch's headers.

#include <clang/AST/ASTContext.h>
#include <clang/AST/ASTTypeTraits.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/source_file.h"
#include "rules/finding.h"

namespace lightfix {

struct CxxContext {
  clang::ASTContext& ast;
  const SourceFile& file;           // the main file's text, as parsed
  std::vector<clang::Decl*> decls;  // the main file's top-level declarations

  // Where `loc` is in the main file, macros taken where they are expanded;
  // none for a place in a header.
  std::optional<uint32_t> offsetOf(clang::SourceLocation loc) const;
  // The main file's text of a range of tokens, or none if it is not all
  // written there (in a header, or split by a macro).
  std::optional<std::string_view> textOf(clang::SourceRange range) const;
  // The main-file bytes [start, end) a node covers, a macro call whole.
  std::optional<std::pair<uint32_t, uint32_t>> rangeOf(clang::SourceRange range) const;
  unsigned lineOf(clang::SourceLocation loc) const;
  clang::tooling::Replacement replacement(uint32_t offset, uint32_t length,
                                          std::string_view text) const;
};

}  // namespace lightfix
