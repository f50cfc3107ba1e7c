// Formats for code-review bots: reviewdog's rdjson/rdjsonl and SARIF 2.1.0.

#include <llvm/Support/FormatVariadic.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include "core/version.h"
#include "registry/registry.h"
#include "registry/rule_docs.h"
#include "report/json_text.h"
#include "report/render.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

std::string print(Value v, bool pretty) {
  std::string out;
  llvm::raw_string_ostream os(out);
  if (pretty)
    os << llvm::formatv("{0:2}", v);
  else
    os << v;
  os.flush();
  return out + "\n";
}

// reviewdog counts columns in UTF-8 bytes, from 1.
Object rdPosition(const SourceFile& file, uint32_t offset) {
  unsigned line0 = file.lineOf(offset);
  return Object{{"line", line0 + 1}, {"column", offset - file.lineStart(line0) + 1}};
}

Value rdDiagnostic(const FileReport& r, const Diagnostic& d) {
  Object o{
      {"message", jsonText(d.message)},
      {"location", Object{{"path", jsonText(r.file->path())},
                          {"range", Object{{"start", rdPosition(*r.file, d.offset)},
                                           {"end", rdPosition(*r.file, d.offset + d.length)}}}}},
      {"severity", d.severity == Severity::Error ? "ERROR" : "WARNING"},
      {"source", Object{{"name", "lightfix"}}},
  };
  if (!d.isSyntaxError()) {
    Object code{{"value", d.code}};
    if (std::string url = ruleUrl(d.code); !url.empty()) code["url"] = url;
    o["code"] = std::move(code);
  }
  if (d.fix) {
    Array suggestions;
    for (const clang::tooling::Replacement& e : d.fix->edits)
      suggestions.push_back(
          Object{{"range", Object{{"start", rdPosition(*r.file, e.getOffset())},
                                  {"end", rdPosition(*r.file, e.getOffset() + e.getLength())}}},
                 {"text", jsonText(e.getReplacementText().str())}});
    o["suggestions"] = std::move(suggestions);
  }
  return o;
}

Object sarifRegion(const SourceFile& file, uint32_t offset, uint32_t length) {
  Position start = file.position(offset);
  Position end = file.position(offset + length);
  return Object{{"startLine", start.row},
                {"startColumn", start.column},
                {"endLine", end.row},
                {"endColumn", end.column}};
}

Object artifact(const FileReport& r) { return Object{{"uri", jsonText(r.file->path())}}; }

// A rule page's first paragraph under "What it does", for fullDescription.
std::string whatItDoes(const Rule& rule) {
  auto it = ruleDocs().find(std::string(rule.code));
  if (it == ruleDocs().end()) return std::string(rule.summary);
  const std::string& doc = it->second;
  size_t start = doc.find("## What it does");
  if (start == std::string::npos) return std::string(rule.summary);
  start = doc.find('\n', start) + 1;
  size_t end = doc.find("\n\n", start + 1);
  std::string text = doc.substr(start, end == std::string::npos ? end : end - start);
  for (char& c : text)
    if (c == '\n') c = ' ';
  while (!text.empty() && text.front() == ' ') text.erase(0, 1);
  return text;
}

}  // namespace

std::string renderRdjson(const std::vector<FileReport>& reports, bool lines) {
  if (lines) {
    std::string out;
    for (const FileReport& r : reports)
      for (const Diagnostic& d : r.diagnostics) out += print(rdDiagnostic(r, d), false);
    return out;
  }
  Array diagnostics;
  for (const FileReport& r : reports)
    for (const Diagnostic& d : r.diagnostics) diagnostics.push_back(rdDiagnostic(r, d));
  return print(
      Object{{"source", Object{{"name", "lightfix"}}}, {"diagnostics", std::move(diagnostics)}},
      true);
}

std::string renderSarif(const std::vector<FileReport>& reports) {
  Array rules;
  for (const Rule& rule : allRules()) {
    Object entry{
        {"id", std::string(rule.code)},
        {"name", std::string(rule.slug)},
        {"shortDescription", Object{{"text", std::string(rule.summary)}}},
        {"fullDescription", Object{{"text", whatItDoes(rule)}}},
    };
    if (std::string url = ruleUrl(std::string(rule.code)); !url.empty()) entry["helpUri"] = url;
    rules.push_back(std::move(entry));
  }
  Array results;
  for (const FileReport& r : reports) {
    for (const Diagnostic& d : r.diagnostics) {
      Object result{
          {"ruleId", d.isSyntaxError() ? std::string("syntax-error") : d.code},
          {"level", severityName(d.severity)},
          {"message", Object{{"text", jsonText(d.message)}}},
          {"locations",
           Array{Object{{"physicalLocation",
                         Object{{"artifactLocation", artifact(r)},
                                {"region", sarifRegion(*r.file, d.offset, d.length)}}}}}},
      };
      if (d.fix) {
        Array replacements;
        for (const clang::tooling::Replacement& e : d.fix->edits)
          replacements.push_back(Object{
              {"deletedRegion", sarifRegion(*r.file, e.getOffset(), e.getLength())},
              {"insertedContent", Object{{"text", jsonText(e.getReplacementText().str())}}}});
        result["fixes"] = Array{
            Object{{"description", Object{{"text", jsonText(d.fix->message)}}},
                   {"artifactChanges", Array{Object{{"artifactLocation", artifact(r)},
                                                    {"replacements", std::move(replacements)}}}}}};
      }
      results.push_back(std::move(result));
    }
  }
  Object driver{{"name", "lightfix"}, {"version", version()}, {"rules", std::move(rules)}};
  if (!docsUrl().empty()) driver["informationUri"] = docsUrl();
  return print(Object{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                      {"version", "2.1.0"},
                      {"runs", Array{Object{{"tool", Object{{"driver", std::move(driver)}}},
                                            // Columns count characters, as ruff's do.
                                            {"columnKind", "unicodeCodePoints"},
                                            {"results", std::move(results)}}}}},
               true);
}

}  // namespace lightfix
