#include "settings/rule_names.h"

#include <algorithm>
#include <cctype>

#include "registry/registry.h"

namespace lightfix {

namespace {

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// Levenshtein distance, for names of a few letters.
size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::vector<std::string> codesSelectedBy(std::string_view selector) {
  std::string prefix = upper(selector);
  std::vector<std::string> codes;
  if (prefix.empty()) return codes;
  for (const Rule& rule : allRules())
    if (prefix == "ALL" || rule.code.substr(0, prefix.size()) == prefix)
      codes.emplace_back(rule.code);
  return codes;
}

bool expandSelectors(std::vector<std::string>& list, std::string& unknown) {
  std::vector<std::string> codes;
  for (const std::string& selector : list) {
    std::vector<std::string> named = codesSelectedBy(selector);
    if (named.empty()) {
      unknown = selector;
      return false;
    }
    for (std::string& code : named)
      if (std::find(codes.begin(), codes.end(), code) == codes.end()) codes.push_back(code);
  }
  list = std::move(codes);
  return true;
}

bool namesCode(const std::vector<std::string>& selectors, std::string_view code) {
  return std::any_of(selectors.begin(), selectors.end(),
                     [&](const std::string& s) { return upper(s) == code; });
}

const Rule* ruleNamed(std::string_view name) {
  std::string code = upper(name);
  for (const Rule& rule : allRules())
    if (rule.code == code || rule.slug == name) return &rule;
  return nullptr;
}

std::string closestName(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  size_t bestDistance = word.size() / 3 + 1;
  for (const std::string& c : candidates) {
    size_t d = editDistance(word, c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

}  // namespace lightfix
