#pragma once
// Output formats: full (ruff- and rustc-like, with the source line, a caret
// underline and the fix as a diff), concise (one line a finding), json
// (ruff's schema plus `severity`).

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"

namespace lightfix {

struct RenderOptions {
  bool color = false;
  // Whether unsafe fixes would be applied (they are marked fixable then).
  bool unsafeFixes = false;
};

// An --output-format: its name and how it writes the reports of a run.
struct OutputFormat {
  std::string_view name;
  bool forPeople;  // followed by the summary ("Found 2 errors."), unless --quiet
  void (*write)(const std::vector<FileReport>& reports, const RenderOptions& options,
                std::ostream& out);
};

// Every format, in the order `--help` lists them; `full` first, the default.
const std::vector<OutputFormat>& outputFormats();
// The format named `name`, or null.
const OutputFormat* findOutputFormat(std::string_view name);

std::string renderConcise(const std::vector<FileReport>& reports, const RenderOptions& options);
std::string renderFull(const std::vector<FileReport>& reports, const RenderOptions& options);
// ruff's JSON (an array), or one object a line with no array (`lines`), for
// streaming consumers: written to `out` finding by finding, never held whole.
void printJson(const std::vector<FileReport>& reports, std::ostream& out, bool lines);
// GitHub Actions workflow commands (`::error file=…::message`).
std::string renderGithub(const std::vector<FileReport>& reports);
// JUnit XML: one testsuite per file, one failing testcase per finding.
std::string renderJunit(const std::vector<FileReport>& reports);
// reviewdog's diagnostic format, the fixes as suggestions: one document
// (`rdjson`) or one diagnostic a line (`rdjsonl`).
std::string renderRdjson(const std::vector<FileReport>& reports, bool lines);
// SARIF 2.1.0, with the rules and the fixes.
std::string renderSarif(const std::vector<FileReport>& reports);

// One concise line: `path:row:col: error[CODE] [*] message`.
std::string conciseLine(const std::string& path, const Diagnostic& d, const RenderOptions& options);
// `error[LF003]` or `warning[LF003]`, as rustc labels a finding; empty for a
// syntax error.
std::string severityAndCode(const Diagnostic& d);
// "2 errors", "1 warning", "1 error and 2 warnings".
std::string countFindings(size_t errors, size_t warnings);

// "Found 1 error and 2 warnings.\n[*] 2 fixable with `lightfix fix`.\n", or
// the all-clear.
std::string summary(const std::vector<FileReport>& reports, const RenderOptions& options,
                    bool fixing);

bool isFixable(const Diagnostic& d, const RenderOptions& options);

}  // namespace lightfix
