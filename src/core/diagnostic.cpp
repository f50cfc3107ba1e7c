#include "core/diagnostic.h"

#include <algorithm>
#include <tuple>

namespace lightfix {

std::string ruleUrl(const std::string& code) {
  if (code.empty()) return {};
  return "https://github.com/lightfix/lightfix/blob/main/docs/rules/" + code + ".md";
}

bool isSyntaxError(const std::vector<Diagnostic>& diagnostics) {
  return !diagnostics.empty() && diagnostics.front().isSyntaxError();
}

void sortAndDedupe(std::vector<Diagnostic>& out) {
  std::stable_sort(out.begin(), out.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.offset, a.code) < std::tie(b.offset, b.code);
  });
  out.erase(std::unique(out.begin(), out.end(),
                        [](const Diagnostic& a, const Diagnostic& b) {
                          return a.offset == b.offset && a.code == b.code;
                        }),
            out.end());
}

}  // namespace lightfix
