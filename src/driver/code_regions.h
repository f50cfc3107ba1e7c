#pragma once
// Python text split the way the interpreter reads it: code, string literals
// (their bodies, without the quotes) and comments, which are left out. The
// prefilter counts a word only where it can name something: `Trainer` in a
// docstring or `# fabric.setup(...)` commented out makes no file relevant.

#include <llvm/ADT/STLFunctionalExtras.h>

#include <string_view>

namespace lightfix {

enum class Region {
  Code,
  String,   // a literal's body: only a strategy's name matters there
  FString,  // an f-string's body, whose `{...}` parts are code
};

// Visits the regions of `text` in order. An unterminated literal ends at its
// line (or at the end, for a triple-quoted one), as tree-sitter recovers.
void forEachRegion(std::string_view text, llvm::function_ref<void(Region, std::string_view)> visit);

}  // namespace lightfix
