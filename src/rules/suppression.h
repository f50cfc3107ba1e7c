#pragma once
// Where the code switches a finding off, as ruff's and clang-tidy's users
// write it: for one line, or for the whole file.

#include <cstdint>
#include <string_view>

#include "core/source_file.h"

namespace lightfix {

// Python's comments (`#`) or C++'s (`//`).
enum class CommentSyntax { Python, Cxx };

// `# lightfix: skip-file` (`// lightfix: skip-file`) anywhere in the text.
bool skipsFile(std::string_view text, CommentSyntax syntax);

// Whether the line at `offset` switches `code` off: `# noqa`, `# noqa: LF001,
// LF002` or `# lightfix: ignore[LF001]` in Python; `// NOLINT`,
// `// NOLINT(LT001)` or `// lightfix: ignore[LT001]` in C++.
bool suppressedAt(const SourceFile& file, uint32_t offset, std::string_view code,
                  CommentSyntax syntax);

}  // namespace lightfix
