#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_os_ostream.h>
#include <llvm/Support/raw_ostream.h>

#include "report/json_text.h"
#include "report/render.h"

namespace lightfix {

namespace {

llvm::json::Object position(const Position& p) {
  llvm::json::Object o{{"row", p.row}, {"column", p.column}};
  if (p.cell) o["cell"] = p.cell;  // a notebook's: the row is in that cell
  return o;
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

// Each finding's object, one at a time: a run's thousands of findings are
// written as they are made, never held as one document.
template <typename Visit>
static void forEachFinding(const std::vector<FileReport>& reports, Visit visit) {
  for (const FileReport& r : reports) {
    for (const Diagnostic& d : r.diagnostics) {
      visit(llvm::json::Value(llvm::json::Object{
          {"code", d.isSyntaxError() ? llvm::json::Value(nullptr) : llvm::json::Value(d.code)},
          {"message", jsonText(d.message)},
          {"severity", severityName(d.severity)},
          {"filename", jsonText(r.file->path())},
          {"location", position(d.location)},
          {"end_location", position(d.endLocation)},
          {"fix", d.fix ? fixJson(*r.file, *d.fix) : llvm::json::Value(nullptr)},
          {"noqa_row", d.location.row},
          {"url", ruleUrl(d.code).empty() ? llvm::json::Value(nullptr)
                                          : llvm::json::Value(ruleUrl(d.code))},
      }));
    }
  }
}

static void writeJson(const std::vector<FileReport>& reports, llvm::raw_ostream& os) {
  // The layout of formatv("{0:2}") over the whole array.
  llvm::json::OStream json(os, 2);
  json.array([&] { forEachFinding(reports, [&](const llvm::json::Value& v) { json.value(v); }); });
  os << "\n";
}

static void writeJsonLines(const std::vector<FileReport>& reports, llvm::raw_ostream& os) {
  forEachFinding(reports, [&](const llvm::json::Value& v) { os << v << "\n"; });
}

void printJson(const std::vector<FileReport>& reports, std::ostream& out, bool lines) {
  llvm::raw_os_ostream os(out);
  if (lines)
    writeJsonLines(reports, os);
  else
    writeJson(reports, os);
}

}  // namespace lightfix
