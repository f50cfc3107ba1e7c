#include <fmt/format.h>

#include "report/render.h"

namespace lightfix {

bool isFixable(const Diagnostic& d, const RenderOptions& options) {
  return d.fix && (d.fix->applicability == Applicability::Safe || options.unsafeFixes);
}

std::string conciseLine(const std::string& path, const Diagnostic& d,
                        const RenderOptions& options) {
  std::string code = d.code.empty() ? "" : d.code + " ";
  std::string mark = isFixable(d, options) ? "[*] " : "";
  return fmt::format("{}:{}:{}: {}{}{}\n", path, d.location.row, d.location.column, code, mark,
                     d.message);
}

std::string renderConcise(const std::vector<FileReport>& reports, const RenderOptions& options) {
  std::string out;
  for (const FileReport& r : reports)
    for (const Diagnostic& d : r.diagnostics) out += conciseLine(r.file->path(), d, options);
  return out;
}

std::string summary(const std::vector<FileReport>& reports, const RenderOptions& options,
                    bool fixing) {
  size_t found = 0, fixable = 0, hidden = 0, fixed = 0;
  for (const FileReport& r : reports) {
    fixed += r.fixed;
    for (const Diagnostic& d : r.diagnostics) {
      ++found;
      if (isFixable(d, options))
        ++fixable;
      else if (d.fix)
        ++hidden;
    }
  }
  auto errors = [](size_t n) { return n == 1 ? std::string("error") : std::string("errors"); };
  std::string out;
  if (fixing && fixed > 0) {
    out = found == 0
              ? fmt::format("Found {} {} ({} fixed, 0 remaining).\n", fixed, errors(fixed), fixed)
              : fmt::format("Found {} {} ({} fixed, {} remaining).\n", found + fixed,
                            errors(found + fixed), fixed, found);
  } else if (found == 0) {
    return "All checks passed!\n";
  } else {
    out = fmt::format("Found {} {}.\n", found, errors(found));
  }
  if (!fixing && fixable > 0) out += fmt::format("[*] {} fixable with `lightfix fix`.\n", fixable);
  if (hidden > 0)
    out += fmt::format("{} hidden {} can be enabled with the `--unsafe-fixes` option.\n", hidden,
                       hidden == 1 ? "fix" : "fixes");
  return out;
}

}  // namespace lightfix
