#pragma once
// Edits that add or replace whole lines the way the file itself is written:
// its indentation (spaces or tabs, any width) and its line endings.

#include "python/node.h"

#include <clang/Tooling/Core/Replacement.h>

#include <string>

namespace lightfix {

class SourceFile;

// `code` on a line of its own just before the line `statement` starts on,
// indented like it.
clang::tooling::Replacement insertLineBefore(const SourceFile& file, Node statement,
                                             const std::string& code);
// `code` on a line of its own after the line `statement` ends on (after any
// trailing comment), indented like `statement` — or with `indent` if given.
clang::tooling::Replacement insertLineAfter(const SourceFile& file, Node statement,
                                            const std::string& code,
                                            const std::string* indent = nullptr);
clang::tooling::Replacement replaceNode(const SourceFile& file, Node node, const std::string& text);
// Adds an edit to a fix's set; false (and nothing added) if it conflicts.
bool addEdit(clang::tooling::Replacements& edits, const clang::tooling::Replacement& edit);

clang::tooling::Replacement insertAt(const SourceFile& file, uint32_t offset,
                                     const std::string& text);

}  // namespace lightfix
