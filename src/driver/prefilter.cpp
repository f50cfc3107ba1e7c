#include "driver/prefilter.h"

#include <algorithm>
#include <cctype>
#include <queue>

#include "driver/code_regions.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

// Bits 0…62: one Python rule's triggers each (a rule past the 63rd has
// none, and always runs); bit 63: the model's words.
constexpr size_t kRuleBits = 63;
constexpr uint64_t kModelWord = uint64_t{1} << kRuleBits;
constexpr uint64_t kAnyRuleWord = kModelWord - 1;

// Files that matter to the project model even without a rule's trigger:
// they may build the Trainer that decides a LightningModule's strategy,
// define a LightningModule's base class, or hand a Fabric to a helper, or
// run a Trainer another file builds (`build_trainer(cfg).fit(model)`),
// which tells what that Trainer trains.
constexpr std::string_view kModelWords[] = {"lightning", "Trainer", "Fabric",     "fabric",
                                            "setup",     "launch",  "deepspeed",  "DeepSpeed",
                                            ".fit(",     ".test(",  ".validate(", ".predict("};

}  // namespace

WordAutomaton::WordAutomaton(const std::vector<std::string_view>& words,
                             const std::vector<uint64_t>& kinds) {
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

uint64_t WordAutomaton::scan(std::string_view text, uint64_t stopAt) const {
  uint64_t found = 0;
  uint32_t state = 0;
  for (unsigned char c : text) {
    state = next_[state * kAlphabet + c];
    if (kinds_[state] != 0) {
      found |= kinds_[state];
      if ((found & stopAt) != 0) break;
    }
  }
  return found;
}

namespace {

std::vector<const Rule*> pythonRulesOf(const RuleSet& rules) {
  std::vector<const Rule*> out;
  for (const Rule* rule : rules)
    if (!rule->forCxx()) out.push_back(rule);
  return out;
}

// In any other string literal only a strategy's name can matter
// (`strategy="deepspeed_stage_1_offload"`, a `DeepSpeedStrategy` class path):
// the words holding one of these.
constexpr std::string_view kStringAnchors[] = {"deepspeed", "DeepSpeed", "_1_"};

// A literal that is one name is still that name: a dict key
// (`options["accelerator"] = "cpu"`), `getattr(model, "training_step")`, an
// argparse option whose value a Trainer gets (`"--gradient_clip_algorithm"`).
bool quotedName(std::string_view body) {
  if (body.rfind("--", 0) == 0) body.remove_prefix(2);
  if (body.empty() || std::isdigit(static_cast<unsigned char>(body[0]))) return false;
  return std::all_of(body.begin(), body.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

// The words of the enabled rules and the model, each with its kind bits;
// `inStrings`: only those that count inside a string literal.
WordAutomaton pythonAutomaton(const std::vector<const Rule*>& rules, bool inStrings) {
  std::vector<std::string_view> words;
  std::vector<uint64_t> kinds;
  auto add = [&](std::string_view word, uint64_t kind) {
    bool anchored = std::any_of(std::begin(kStringAnchors), std::end(kStringAnchors),
                                [&](std::string_view a) { return word.find(a) != word.npos; });
    if (inStrings && !anchored) return;
    words.push_back(word);
    kinds.push_back(kind);
  };
  for (size_t i = 0; i < rules.size(); ++i)
    for (std::string_view word : rules[i]->triggers)
      add(word, i < kRuleBits ? uint64_t{1} << i : kAnyRuleWord);
  for (std::string_view word : kModelWords) add(word, kModelWord);
  return WordAutomaton(words, kinds);
}

WordAutomaton cxxAutomaton(const RuleSet& rules) {
  std::vector<std::string_view> words;
  for (const Rule* rule : rules)
    if (rule->forCxx())
      for (std::string_view word : rule->triggers) words.push_back(word);
  return WordAutomaton(words, std::vector<uint64_t>(words.size(), 1));
}

}  // namespace

Prefilter::Prefilter(const RuleSet& rules, bool enabled)
    : enabled_(enabled),
      pythonRules_(pythonRulesOf(rules)),
      python_(pythonAutomaton(pythonRules_, false)),
      strings_(pythonAutomaton(pythonRules_, true)),
      cxx_(cxxAutomaton(rules)) {}

uint64_t Prefilter::words(std::string_view text) const {
  if (!enabled_) return ~uint64_t{0};
  uint64_t found = 0;
  forEachRegion(text, [&](Region region, std::string_view part) {
    bool code = region != Region::String || quotedName(part);
    found |= (code ? python_ : strings_).scan(part, 0);
  });
  return found;
}

Relevance Prefilter::python(uint64_t words) {
  if (words & kAnyRuleWord) return Relevance::Rules;
  return words & kModelWord ? Relevance::ModelOnly : Relevance::None;
}

bool Prefilter::cxx(std::string_view text) const { return !enabled_ || cxx_.scan(text, 1) != 0; }

uint64_t Prefilter::bitOf(const Rule* rule) const {
  auto it = std::find(pythonRules_.begin(), pythonRules_.end(), rule);
  size_t i = static_cast<size_t>(it - pythonRules_.begin());
  return it == pythonRules_.end() || i >= kRuleBits ? 0 : uint64_t{1} << i;
}

RuleSet Prefilter::rulesIn(uint64_t words, const RuleSet& rules) const {
  RuleSet out;
  for (const Rule* rule : rules) {
    uint64_t bit = rule->forCxx() ? 0 : bitOf(rule);
    if (bit == 0 || (words & bit) != 0) out.push_back(rule);
  }
  return out;
}

}  // namespace lightfix
