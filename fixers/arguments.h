#pragma once
// Edits of a call's argument list.

#include "python/node.h"

#include <clang/Tooling/Core/Replacement.h>

#include <optional>
#include <string>
#include <string_view>

namespace lightfix {

class SourceFile;

// Removes one argument (a keyword argument or a positional one) of a call,
// or one `key: value` pair of a dict literal, with the comma that separates
// it: `f(a, b=1)` becomes `f(a)`, `f(b=1, c)` becomes `f(c)`. On lines of
// its own, those lines go, with the comment after it on its last line;
// nothing when what would go holds another comment (whose it is, is unclear).
std::optional<clang::tooling::Replacement> removeArgument(const SourceFile& file, Node argument);

// Adds `text` (`name=value`) as the last argument of `arguments`, written
// like the list: on a line of its own, indented like the last argument, when
// they are one per line (after the last one's comment). Nothing for a list
// with a splat last, or a one-line list holding a comment.
std::optional<clang::tooling::Replacement> appendArgument(const SourceFile& file, Node arguments,
                                                          const std::string& text);

// A string literal `node` rewritten to hold `value`, keeping its quotes and
// prefix; nothing for a literal that is not a plain one-line string.
std::optional<clang::tooling::Replacement> replaceStringValue(const SourceFile& file, Node node,
                                                              std::string_view value);

}  // namespace lightfix
