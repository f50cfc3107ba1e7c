#include "core/diagnostic.h"

#include <algorithm>
#include <tuple>

namespace lightfix {

std::string docsUrl() { return LIGHTFIX_DOCS_URL; }

std::string ruleUrl(const std::string& code) {
  std::string base = docsUrl();
  if (code.empty() || base.empty()) return {};
  return base + "/" + code + ".md";
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
