#include <llvm/Support/Regex.h>

#include "rules/rule.h"

namespace lightfix {

std::string logPatternOf(const RuleSpec& spec) {
  if (!spec.logPattern.empty()) return std::string(spec.logPattern);
  if (!spec.raises) return "";
  return llvm::Regex::escape(llvm::StringRef(spec.raises->data(), spec.raises->size()));
}

}  // namespace lightfix
