#pragma once
// prefilter: whether a file can matter before it is parsed. One pass over
// its bytes through an Aho–Corasick automaton of every word that counts —
// the enabled rules' trigger words, and the words that make a file matter to
// the project model — so that a file without them is read once and never
// parsed, whatever the number of words. Words count in code, not in
// comments, and in a string literal only when it is one name (a dict key,
// an argparse `--option`) or holds a strategy's name.

#include <cstdint>
#include <string_view>
#include <vector>

#include "driver/analyze.h"

namespace lightfix {

// Which kinds of word (up to 64, one bit each) a text holds, found in one
// pass.
class WordAutomaton {
 public:
  // `words[i]` has the kind bits `kinds[i]`.
  WordAutomaton(const std::vector<std::string_view>& words, const std::vector<uint64_t>& kinds);
  // The kinds found (an OR of bits); stops at the first word of a kind in
  // `stopAt` (0: reads the whole text).
  uint64_t scan(std::string_view text, uint64_t stopAt) const;

 private:
  static constexpr size_t kAlphabet = 256;
  std::vector<uint32_t> next_;   // state * 256 + byte -> state
  std::vector<uint64_t> kinds_;  // per state: the kinds of the words ending there
};

enum class Relevance {
  None,       // never parsed
  ModelOnly,  // parsed for the project model; no rule is run on it
  Rules,      // parsed and checked
};

class Prefilter {
 public:
  // `enabled` false: every file is parsed and checked (to test the filter).
  Prefilter(const RuleSet& rules, bool enabled);
  // The words a Python text holds (code_regions.h), in one pass: a bit per
  // rule's triggers and one for the model's words; every bit when the
  // filter is off.
  uint64_t words(std::string_view text) const;
  static Relevance python(uint64_t words);
  Relevance python(std::string_view text) const { return python(words(text)); }
  bool cxx(std::string_view text) const;
  bool enabled() const { return enabled_; }
  // The Python rules of `rules` whose trigger words a text holds: a rule
  // without any cannot fire there, so it is not run.
  RuleSet rulesIn(uint64_t words, const RuleSet& rules) const;
  RuleSet rulesIn(std::string_view text, const RuleSet& rules) const {
    return rulesIn(words(text), rules);
  }

 private:
  uint64_t bitOf(const Rule* rule) const;  // 0: the rule has no bit and always runs

  bool enabled_;
  std::vector<const Rule*> pythonRules_;  // bit i: the i-th's triggers
  WordAutomaton python_;                  // in code
  WordAutomaton strings_;                 // in string literals
  WordAutomaton cxx_;
};

}  // namespace lightfix
