#include "edit/apply_fixes.h"

#include <algorithm>

#include "core/budgets.h"
#include "python/syntax_tree.h"

namespace lightfix {

namespace {

bool sameFix(const Diagnostic& a, const Diagnostic& b) {
  return a.code == b.code && a.location == b.location && a.fix->message == b.fix->message;
}

}  // namespace

bool pythonParses(const std::string& text) { return SyntaxTree::parses(text); }

// An edit already there is made once: two findings may want the same line
// inserted at the same place, which clang would otherwise insert twice.
bool MergedFixes::add(const Fix& fix) {
  clang::tooling::Replacements attempt = edits_;
  for (const clang::tooling::Replacement& r : fix.edits) {
    if (std::find(edits_.begin(), edits_.end(), r) != edits_.end()) continue;
    if (llvm::Error err = attempt.add(r)) {
      llvm::consumeError(std::move(err));
      return false;
    }
  }
  edits_ = std::move(attempt);
  return true;
}

std::string MergedFixes::applyTo(const std::string& text) const { return applyEdits(text, edits_); }

FixedTogether applyTogether(const std::string& text, const std::vector<const Fix*>& fixes,
                            const ParseCheck& sound) {
  MergedFixes merged;
  for (const Fix* fix : fixes)
    if (!merged.add(*fix)) return {FixedTogether::Overlap, {}};
  std::string fixed = merged.applyTo(text);
  if (!sound(fixed)) return {FixedTogether::Unsound, {}};
  return {FixedTogether::Applied, std::move(fixed)};
}

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

    MergedFixes merged;
    std::vector<const Diagnostic*> taken;
    for (const Diagnostic& d : diagnostics) {
      if (!d.fix || !wanted(d)) continue;
      bool wasDropped = false;
      for (const Diagnostic& x : result.dropped) wasDropped = wasDropped || sameFix(x, d);
      if (!wasDropped && merged.add(*d.fix)) taken.push_back(&d);
    }
    if (taken.empty()) break;

    std::string fixed = merged.applyTo(result.text);
    std::vector<const Diagnostic*> kept = taken;
    if (!parses(fixed)) {
      // Find the fixes that break the parse, one at a time.
      MergedFixes good;
      kept.clear();
      for (const Diagnostic* d : taken) {
        MergedFixes attempt = good;
        if (attempt.add(*d->fix) && parses(attempt.applyTo(result.text))) {
          good = std::move(attempt);
          kept.push_back(d);
        } else {
          result.dropped.push_back(*d);
        }
      }
      fixed = good.applyTo(result.text);
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
