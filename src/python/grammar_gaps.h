#pragma once
// Valid Python that tree-sitter-python (0.23.6, the newest grammar Debian
// 12's tree-sitter runtime loads) rejects, and a same-length stand-in it
// accepts. A file is parsed as it is first; only when that fails is it
// parsed again through the stand-in, whose tree then stands for the file:
// every node keeps its byte offsets, so its text is still read from the
// file itself.

#include <optional>
#include <string>
#include <string_view>

namespace lightfix {

// The grammar rejects a starred item that opens a bracket inside an
// expression list without brackets of its own (`return x, *(int(v) for v
// in s)`, `y = 1, *[a]`), which Python has accepted since 3.8 (litgpt's
// scripts/convert_hf_checkpoint.py has one). The stand-in blanks such a
// `*`, leaving the bracketed item as a plain one of the list.
// Strings and comments are passed over; none found: nullopt.
std::optional<std::string> withoutGrammarGaps(std::string_view text);

}  // namespace lightfix
