#include <llvm/Support/Regex.h>

#include <cassert>

#include "rules/rule.h"

namespace lightfix {

std::string_view RuleSpec::quoted(std::string_view name) const {
  for (const auto& [called, text] : quotes)
    if (called == name) return text;
  assert(false && "a matcher asked for a quote its spec does not list");
  return {};
}

std::string logPatternOf(const RuleSpec& spec) {
  if (!spec.logPattern.empty()) return std::string(spec.logPattern);
  if (!spec.raises) return "";
  return llvm::Regex::escape(llvm::StringRef(spec.raises->data(), spec.raises->size()));
}

}  // namespace lightfix
