#include "driver/prefilter.h"

#include <algorithm>
#include <queue>

#include "rules/rule.h"

namespace lightfix {

namespace {

constexpr uint8_t kRuleWord = 1;
constexpr uint8_t kModelWord = 2;

// Files that matter to the project model even without a rule's trigger:
// they may build the Trainer that decides a LightningModule's strategy,
// define a LightningModule's base class, or hand a Fabric to a helper.
constexpr std::string_view kModelWords[] = {"lightning", "Trainer", "Fabric",    "fabric",
                                            "setup",     "launch",  "deepspeed", "DeepSpeed"};

}  // namespace

WordAutomaton::WordAutomaton(const std::vector<std::string_view>& words,
                             const std::vector<uint8_t>& kinds) {
  // The trie, with 0 as "no edge yet" (the root is never a child).
  next_.assign(kAlphabet, 0);
  kinds_.assign(1, 0);
  for (size_t w = 0; w < words.size(); ++w) {
    uint32_t state = 0;
    for (unsigned char c : words[w]) {
      uint32_t& edge = next_[state * kAlphabet + c];
      if (edge == 0) {
        edge = static_cast<uint32_t>(kinds_.size());
        kinds_.push_back(0);
        next_.resize(next_.size() + kAlphabet, 0);
      }
      state = next_[state * kAlphabet + c];
    }
    kinds_[state] |= kinds[w];
  }
  // Breadth first, each missing edge is filled with its failure state's, so
  // scanning is one table lookup per byte.
  std::vector<uint32_t> failure(kinds_.size(), 0);
  std::queue<uint32_t> queue;
  for (size_t c = 0; c < kAlphabet; ++c)
    if (uint32_t child = next_[c]) queue.push(child);
  while (!queue.empty()) {
    uint32_t state = queue.front();
    queue.pop();
    kinds_[state] |= kinds_[failure[state]];
    for (size_t c = 0; c < kAlphabet; ++c) {
      uint32_t& edge = next_[state * kAlphabet + c];
      uint32_t fallback = next_[failure[state] * kAlphabet + c];
      if (edge == 0) {
        edge = fallback;
      } else {
        failure[edge] = fallback;
        queue.push(edge);
      }
    }
  }
}

uint8_t WordAutomaton::scan(std::string_view text, uint8_t enough) const {
  uint8_t found = 0;
  uint32_t state = 0;
  for (unsigned char c : text) {
    state = next_[state * kAlphabet + c];
    if (kinds_[state] != 0) {
      found |= kinds_[state];
      if ((found & enough) == enough) break;
    }
  }
  return found;
}

namespace {

WordAutomaton automatonFor(const RuleSet& rules, bool cxx) {
  std::vector<std::string_view> words;
  std::vector<uint8_t> kinds;
  for (const Rule* rule : rules)
    if (rule->forCxx() == cxx)
      for (std::string_view word : rule->triggers) {
        words.push_back(word);
        kinds.push_back(kRuleWord);
      }
  if (!cxx)
    for (std::string_view word : kModelWords) {
      words.push_back(word);
      kinds.push_back(kModelWord);
    }
  return WordAutomaton(words, kinds);
}

}  // namespace

Prefilter::Prefilter(const RuleSet& rules, bool enabled)
    : enabled_(enabled), python_(automatonFor(rules, false)), cxx_(automatonFor(rules, true)) {}

Relevance Prefilter::python(std::string_view text) const {
  if (!enabled_) return Relevance::Rules;
  uint8_t found = python_.scan(text, kRuleWord);
  if (found & kRuleWord) return Relevance::Rules;
  return found & kModelWord ? Relevance::ModelOnly : Relevance::None;
}

bool Prefilter::cxx(std::string_view text) const {
  return !enabled_ || (cxx_.scan(text, kRuleWord) & kRuleWord) != 0;
}

}  // namespace lightfix
