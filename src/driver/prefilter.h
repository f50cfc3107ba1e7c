#pragma once
// prefilter: whether a file can matter before it is parsed. One pass over
// its bytes through an Aho–Corasick automaton of every word that counts —
// the enabled rules' trigger words, and the words that make a file matter to
// the project model — so that a file without them is read once and never
// parsed, whatever the number of words.

#include <cstdint>
#include <string_view>
#include <vector>

#include "driver/analyze.h"

namespace lightfix {

// Which of two kinds of word a text holds, found in one pass.
class WordAutomaton {
 public:
  // `words[i]` has kind bit `kinds[i]` (1 or 2).
  WordAutomaton(const std::vector<std::string_view>& words, const std::vector<uint8_t>& kinds);
  // The kinds found (an OR of bits); stops as soon as `enough` are.
  uint8_t scan(std::string_view text, uint8_t enough) const;

 private:
  static constexpr size_t kAlphabet = 256;
  std::vector<uint32_t> next_;  // state * 256 + byte -> state
  std::vector<uint8_t> kinds_;  // per state: the kinds of the words ending there
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
  Relevance python(std::string_view text) const;
  bool cxx(std::string_view text) const;

 private:
  bool enabled_;
  WordAutomaton python_;
  WordAutomaton cxx_;
};

}  // namespace lightfix
