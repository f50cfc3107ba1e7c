#pragma once
// lightfix's findings as the protocol carries them: diagnostics, the text
// edits of their fixes, and the comment that suppresses one.

#include <llvm/Support/JSON.h>

#include <optional>
#include <string>

#include "core/diagnostic.h"
#include "core/source_file.h"
#include "server/text_positions.h"

namespace lightfix {

// Byte offsets [start, end) of a text as an LSP range.
llvm::json::Object rangeOf(const LineIndex& lines, uint32_t start, uint32_t end,
                           PositionEncoding encoding);

// A finding as an LSP Diagnostic: its code and rule page, its severity
// (error: certain; warning: possible), the line that chose DeepSpeed as
// related information (in `relatedUri`, d.related's file), and its fix's
// title in `data`.
llvm::json::Object lspDiagnostic(const Diagnostic& d, const LineIndex& lines,
                                 PositionEncoding encoding, const std::string& relatedUri);

// The fix's edits as TextEdits of the file they are in.
llvm::json::Array textEdits(const Fix& fix, const LineIndex& lines, PositionEncoding encoding);

// What a quick fix is called: the fix's message, "(unsafe)" after one that
// changes behaviour.
std::string fixTitle(const Fix& fix);

// The edit that suppresses `d` on its line (`# noqa: LF003`, appended to a
// `# noqa:` list already there; `// NOLINT(LT001)` in C++); none where a
// comment cannot go (a line continued by `\`), or where the commented
// Python would no longer parse.
struct SuppressionEdit {
  uint32_t offset = 0;
  std::string text;
};
std::optional<SuppressionEdit> suppressionEdit(const SourceFile& file, const Diagnostic& d);

}  // namespace lightfix
