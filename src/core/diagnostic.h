#pragma once
// A finding as reported: plain data, detached from the syntax tree, with the
// file it is in, ready for every output format; and the fix it may carry.

#include <clang/Tooling/Core/Replacement.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/source_file.h"

namespace lightfix {

enum class Severity { Error, Warning };
// As every output format spells it.
inline const char* severityName(Severity s) { return s == Severity::Error ? "error" : "warning"; }
enum class Applicability { Safe, Unsafe };

// `safe` keeps behaviour apart from removing the crash; `unsafe` changes it,
// and is applied only with --unsafe-fixes or when accepted interactively.
struct Fix {
  std::string message;
  Applicability applicability = Applicability::Safe;
  clang::tooling::Replacements edits;
};

// A rule's finding, or the file's failure to parse (Python) or compile
// (C++), which stops every rule on it.
enum class DiagnosticKind { Finding, SyntaxError };

// Where what a finding depends on was chosen (the line selecting DeepSpeed,
// in this file or another): an editor's related information.
struct RelatedPlace {
  std::string path;
  unsigned line = 1;  // 1-based
  std::string message;
};

struct Diagnostic {
  std::string code;  // the rule's; empty for a syntax error
  std::string message;
  Severity severity = Severity::Error;
  uint32_t offset = 0;
  uint32_t length = 0;
  Position location;
  Position endLocation;
  std::optional<Fix> fix;
  DiagnosticKind kind = DiagnosticKind::Finding;
  std::optional<RelatedPlace> related;

  bool isSyntaxError() const { return kind == DiagnosticKind::SyntaxError; }
};

struct FileReport {
  std::shared_ptr<const SourceFile> file;
  std::vector<Diagnostic> diagnostics;
  // Set by `fix`: how many fixes were applied to the file, their rules, and
  // how many of them were warnings.
  size_t fixed = 0;
  std::vector<std::string> fixedCodes;
  size_t fixedWarnings = 0;
};

// Where the rule pages are published (LIGHTFIX_DOCS_URL at build time), and
// a rule's page there; both empty when the build names no such place.
std::string docsUrl();
std::string ruleUrl(const std::string& code);

// Whether these are a file's findings when it did not parse (Python) or
// compile (C++): its error alone.
bool isSyntaxError(const std::vector<Diagnostic>& diagnostics);

// Sorted by place, one finding per place and rule (a call on two Fabrics,
// or a template's two instantiations, is one mistake).
void sortAndDedupe(std::vector<Diagnostic>& diagnostics);

}  // namespace lightfix
