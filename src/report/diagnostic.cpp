#include "report/diagnostic.h"

namespace lightfix {

std::string ruleUrl(const std::string& code) {
  if (code.empty()) return {};
  return "https://github.com/lightfix/lightfix/blob/main/docs/rules/" + code + ".md";
}

bool isSyntaxError(const std::vector<Diagnostic>& diagnostics) {
  return !diagnostics.empty() && diagnostics.front().code.empty();
}

}  // namespace lightfix
