#include <llvm/Support/FormatVariadic.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include "report/json_text.h"
#include "report/render.h"

namespace lightfix {

namespace {

llvm::json::Object position(const Position& p) {
  return llvm::json::Object{{"row", p.row}, {"column", p.column}};
}

llvm::json::Value fixJson(const SourceFile& file, const Fix& fix) {
  llvm::json::Array edits;
  for (const clang::tooling::Replacement& r : fix.edits)
    edits.push_back(llvm::json::Object{
        {"content", jsonText(r.getReplacementText().str())},
        {"location", position(file.position(r.getOffset()))},
        {"end_location", position(file.position(r.getOffset() + r.getLength()))},
    });
  return llvm::json::Object{
      {"applicability", fix.applicability == Applicability::Safe ? "safe" : "unsafe"},
      {"message", jsonText(fix.message)},
      {"edits", std::move(edits)},
  };
}

}  // namespace

static llvm::json::Array findings(const std::vector<FileReport>& reports) {
  llvm::json::Array all;
  for (const FileReport& r : reports) {
    for (const Diagnostic& d : r.diagnostics) {
      all.push_back(llvm::json::Object{
          {"code", d.code.empty() ? llvm::json::Value(nullptr) : llvm::json::Value(d.code)},
          {"message", jsonText(d.message)},
          {"severity", d.severity == Severity::Error ? "error" : "warning"},
          {"filename", jsonText(r.file->path())},
          {"location", position(d.location)},
          {"end_location", position(d.endLocation)},
          {"fix", d.fix ? fixJson(*r.file, *d.fix) : llvm::json::Value(nullptr)},
          {"noqa_row", d.location.row},
          {"url", d.code.empty() ? llvm::json::Value(nullptr) : llvm::json::Value(ruleUrl(d.code))},
      });
    }
  }
  return all;
}

std::string renderJson(const std::vector<FileReport>& reports) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", llvm::json::Value(findings(reports)));
  os.flush();
  return out + "\n";
}

std::string renderJsonLines(const std::vector<FileReport>& reports) {
  std::string out;
  llvm::raw_string_ostream os(out);
  for (llvm::json::Value& v : findings(reports)) os << v << "\n";
  os.flush();
  return out;
}

}  // namespace lightfix
