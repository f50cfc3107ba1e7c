#pragma once
// resolve → apply: the one way lightfix changes a file's text, for `fix`
// and `diff` (rounds), `fix -i` (one fix at a time) and `fix --from-log`
// (the fixes of one crash site together). Fixes are merged as clang
// Replacements, an edit that two fixes share made once; a fixed text is
// kept only if it is still sound (it parses, compiles, or parses as YAML).
// Writing it is edit/atomic_write.h's.
//
// In rounds: a fix that overlaps one already taken waits for the next
// round, when findings are recomputed on the new text; a fix whose result
// is not sound is dropped and reported. Rounds repeat until nothing more
// applies.

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

// Fixes merged into one set of edits: each fix whole or not at all.
class MergedFixes {
 public:
  // Adds every edit of `fix` not already there; false, adding none, if one
  // overlaps an edit taken.
  bool add(const Fix& fix);
  std::string applyTo(const std::string& text) const;

 private:
  clang::tooling::Replacements edits_;
};

// Applies `fixes` together, all of them or none.
struct FixedTogether {
  enum Outcome { Applied, Overlap, Unsound } outcome = Applied;
  std::string text;  // when Applied
};
FixedTogether applyTogether(const std::string& text, const std::vector<const Fix*>& fixes,
                            const ParseCheck& sound);

FixRounds applyFixes(const SourceFile& original, const Analyzer& analyze, const FixFilter& wanted,
                     const ParseCheck& parses = pythonParses);

// Applies one set of edits to a text (the edits' file paths are ignored).
std::string applyEdits(const std::string& text, const clang::tooling::Replacements& edits);

}  // namespace lightfix
