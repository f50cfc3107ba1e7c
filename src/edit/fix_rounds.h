#pragma once
// resolve: applies fixes to one file's text in rounds. Within a round the
// fixes are merged as clang Replacements; one that overlaps a fix already
// taken waits for the next round, when findings are recomputed on the new
// text. A fix whose result does not parse is dropped and reported. Rounds
// repeat until nothing more applies.

#include <functional>
#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace lightfix {

struct FixRounds {
  std::string text;                   // the fixed text
  std::vector<Diagnostic> applied;    // in the order applied
  std::vector<Diagnostic> dropped;    // fixes whose result would not parse
  std::vector<Diagnostic> remaining;  // findings on the fixed text
};

using Analyzer = std::function<std::vector<Diagnostic>(const SourceFile&)>;
using FixFilter = std::function<bool(const Diagnostic&)>;
// Whether a fixed text is still sound to write: it parses (Python), or it
// compiles (C++).
using ParseCheck = std::function<bool(const std::string&)>;

bool pythonParses(const std::string& text);

FixRounds applyFixes(const SourceFile& original, const Analyzer& analyze, const FixFilter& wanted,
                     const ParseCheck& parses = pythonParses);

// Applies one set of edits to a text (the edits' file paths are ignored).
std::string applyEdits(const std::string& text, const clang::tooling::Replacements& edits);

}  // namespace lightfix
