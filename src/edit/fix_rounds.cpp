#include "edit/fix_rounds.h"

#include <algorithm>

#include "core/budgets.h"
#include "python/syntax_tree.h"

namespace lightfix {

namespace {

// Adds every edit of `fix` to `merged`, or none of them. An edit already
// there is made once: two findings may want the same line inserted at the
// same place, which clang would otherwise insert twice.
bool merge(clang::tooling::Replacements& merged, const Fix& fix) {
  clang::tooling::Replacements attempt = merged;
  for (const clang::tooling::Replacement& r : fix.edits) {
    if (std::find(merged.begin(), merged.end(), r) != merged.end()) continue;
    if (llvm::Error err = attempt.add(r)) {
      llvm::consumeError(std::move(err));
      return false;
    }
  }
  merged = std::move(attempt);
  return true;
}

bool sameFix(const Diagnostic& a, const Diagnostic& b) {
  return a.code == b.code && a.location == b.location && a.fix->message == b.fix->message;
}

}  // namespace

bool pythonParses(const std::string& text) { return !SyntaxTree::parse(text).hasError(); }

std::string applyEdits(const std::string& text, const clang::tooling::Replacements& edits) {
  // Replacements are sorted and disjoint: splice them in one pass.
  std::string out;
  out.reserve(text.size());
  size_t at = 0;
  for (const clang::tooling::Replacement& r : edits) {
    out.append(text, at, r.getOffset() - at);
    out.append(r.getReplacementText().str());
    at = r.getOffset() + r.getLength();
  }
  out.append(text, at, std::string::npos);
  return out;
}

FixRounds applyFixes(const SourceFile& original, const Analyzer& analyze, const FixFilter& wanted,
                     const ParseCheck& parses) {
  FixRounds result;
  result.text = original.text();
  for (int round = 0; round < kMaxFixRounds; ++round) {
    SourceFile current(original.path(), result.text);
    std::vector<Diagnostic> diagnostics = analyze(current);
    result.remaining = diagnostics;
    if (round == 0 && isSyntaxError(diagnostics)) break;  // no parse

    clang::tooling::Replacements merged;
    std::vector<const Diagnostic*> taken;
    for (const Diagnostic& d : diagnostics) {
      if (!d.fix || !wanted(d)) continue;
      bool wasDropped = false;
      for (const Diagnostic& x : result.dropped) wasDropped = wasDropped || sameFix(x, d);
      if (!wasDropped && merge(merged, *d.fix)) taken.push_back(&d);
    }
    if (taken.empty()) break;

    std::string fixed = applyEdits(result.text, merged);
    std::vector<const Diagnostic*> kept = taken;
    if (!parses(fixed)) {
      // Find the fixes that break the parse, one at a time.
      clang::tooling::Replacements good;
      kept.clear();
      for (const Diagnostic* d : taken) {
        clang::tooling::Replacements attempt = good;
        if (merge(attempt, *d->fix) && parses(applyEdits(result.text, attempt))) {
          good = std::move(attempt);
          kept.push_back(d);
        } else {
          result.dropped.push_back(*d);
        }
      }
      fixed = applyEdits(result.text, good);
    }
    if (kept.empty() || fixed == result.text) continue;
    for (const Diagnostic* d : kept) result.applied.push_back(*d);
    result.text = std::move(fixed);
    if (round + 1 == kMaxFixRounds)
      result.remaining = analyze(SourceFile(original.path(), result.text));
  }
  return result;
}

}  // namespace lightfix
