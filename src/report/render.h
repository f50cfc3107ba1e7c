#pragma once
// Output formats: full (ruff- and rustc-like, with the source line, a caret
// underline and the fix as a diff), concise (one line a finding), json
// (ruff's schema plus `severity`).

#include <string>
#include <vector>

#include "report/diagnostic.h"

namespace lightfix {

enum class OutputFormat { Full, Concise, Json };

struct RenderOptions {
  bool color = false;
  // Whether unsafe fixes would be applied (they are marked fixable then).
  bool unsafeFixes = false;
};

std::string renderConcise(const std::vector<FileReport>& reports, const RenderOptions& options);
std::string renderFull(const std::vector<FileReport>& reports, const RenderOptions& options);
std::string renderJson(const std::vector<FileReport>& reports);

// One concise line: `path:row:col: CODE [*] message`.
std::string conciseLine(const std::string& path, const Diagnostic& d, const RenderOptions& options);

// "Found 3 errors.\n[*] 2 fixable with `lightfix fix`.\n", or the all-clear.
std::string summary(const std::vector<FileReport>& reports, const RenderOptions& options,
                    bool fixing);

bool isFixable(const Diagnostic& d, const RenderOptions& options);

}  // namespace lightfix
