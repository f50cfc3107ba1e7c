#include <fmt/format.h>

#include "report/render.h"

namespace lightfix {

bool isFixable(const Diagnostic& d, const RenderOptions& options) {
  return d.fix && (d.fix->applicability == Applicability::Safe || options.unsafeFixes);
}

std::string severityAndCode(const Diagnostic& d) {
  // A syntax error names itself (`SyntaxError: ...`), as ruff prints it.
  if (d.isSyntaxError()) return "";
  return fmt::format("{}[{}]", severityName(d.severity), d.code);
}

std::string conciseLine(const std::string& path, const Diagnostic& d,
                        const RenderOptions& options) {
  std::string code = d.isSyntaxError() ? "" : severityAndCode(d) + " ";
  std::string mark = isFixable(d, options) ? "[*] " : "";
  return fmt::format("{}: {}{}{}\n", placeOf(path, d.location), code, mark, d.message);
}

std::string countFindings(size_t errors, size_t warnings) {
  auto count = [](size_t n, const char* noun) {
    return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s");
  };
  if (warnings == 0) return count(errors, "error");
  if (errors == 0) return count(warnings, "warning");
  return count(errors, "error") + " and " + count(warnings, "warning");
}

std::string renderConcise(const std::vector<FileReport>& reports, const RenderOptions& options) {
  std::string out;
  for (const FileReport& r : reports)
    for (const Diagnostic& d : r.diagnostics) out += conciseLine(r.file->path(), d, options);
  return out;
}

std::string summary(const std::vector<FileReport>& reports, const RenderOptions& options,
                    bool fixing) {
  size_t errors = 0, warnings = 0, fixable = 0, hidden = 0, fixed = 0;
  for (const FileReport& r : reports) {
    fixed += r.fixed;
    if (fixing) {
      warnings += r.fixedWarnings;
      errors += r.fixed - r.fixedWarnings;
    }
    for (const Diagnostic& d : r.diagnostics) {
      ++(d.severity == Severity::Warning ? warnings : errors);
      if (isFixable(d, options))
        ++fixable;
      else if (d.fix)
        ++hidden;
    }
  }
  std::string out;
  if (errors + warnings == 0) return "All checks passed!\n";
  std::string found = countFindings(errors, warnings);
  if (fixing && fixed > 0)
    out = fmt::format("Found {} ({} fixed, {} remaining).\n", found, fixed,
                      errors + warnings - fixed);
  else
    out = fmt::format("Found {}.\n", found);
  if (!fixing && fixable > 0) out += fmt::format("[*] {} fixable with `lightfix fix`.\n", fixable);
  if (hidden > 0)
    out += fmt::format("{} hidden {} can be enabled with the `--unsafe-fixes` option.\n", hidden,
                       hidden == 1 ? "fix" : "fixes");
  return out;
}

}  // namespace lightfix
