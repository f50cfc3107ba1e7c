#pragma once
// Edits that remove whole statements, so a fix leaves no blank line behind.

#include "python/node.h"

#include <clang/Tooling/Core/Replacement.h>

#include <optional>

namespace lightfix {

class SourceFile;

// Removes the lines `statement` spans, trailing comment and line ending
// included; nothing when it shares a line with other code or is the only
// statement of its block (which would be left empty).
std::optional<clang::tooling::Replacement> deleteStatementLines(const SourceFile& file,
                                                                Node statement);

}  // namespace lightfix
