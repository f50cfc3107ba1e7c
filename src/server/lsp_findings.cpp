#include "server/lsp_findings.h"

#include <regex>

#include "core/notebook.h"
#include "cxx/cxx_paths.h"
#include "python/syntax_tree.h"

namespace lightfix {

namespace {

llvm::json::Object positionJson(LspPosition p) {
  return llvm::json::Object{{"line", p.line}, {"character", p.character}};
}

bool isPythonPath(const std::string& path) {
  return path.size() > 3 && path.compare(path.size() - 3, 3, ".py") == 0;
}

}  // namespace

llvm::json::Object rangeOf(const LineIndex& lines, uint32_t start, uint32_t end,
                           PositionEncoding encoding) {
  return llvm::json::Object{{"start", positionJson(lines.position(start, encoding))},
                            {"end", positionJson(lines.position(end, encoding))}};
}

llvm::json::Object lspDiagnostic(const Diagnostic& d, const LineIndex& lines,
                                 PositionEncoding encoding, const std::string& relatedUri) {
  llvm::json::Object out{
      {"range", rangeOf(lines, d.offset, d.offset + d.length, encoding)},
      {"severity", d.severity == Severity::Error ? 1 : 2},
      {"source", "lightfix"},
      {"message", d.message},
  };
  if (!d.code.empty()) {
    out["code"] = d.code;
    std::string url = ruleUrl(d.code);
    if (!url.empty()) out["codeDescription"] = llvm::json::Object{{"href", url}};
  }
  if (d.related) {
    // The whole line: the place is a line, and its text need not be read.
    uint32_t line = d.related->line - 1;
    llvm::json::Object range{{"start", positionJson({line, 0})},
                             {"end", positionJson({line + 1, 0})}};
    out["relatedInformation"] = llvm::json::Array{llvm::json::Object{
        {"location", llvm::json::Object{{"uri", relatedUri}, {"range", std::move(range)}}},
        {"message", d.related->message}}};
  }
  if (d.fix)
    out["data"] = llvm::json::Object{
        {"fix", fixTitle(*d.fix)},
        {"applicability", d.fix->applicability == Applicability::Safe ? "safe" : "unsafe"}};
  return out;
}

llvm::json::Array textEdits(const Fix& fix, const LineIndex& lines, PositionEncoding encoding) {
  llvm::json::Array edits;
  for (const clang::tooling::Replacement& r : fix.edits)
    edits.push_back(llvm::json::Object{
        {"range", rangeOf(lines, r.getOffset(), r.getOffset() + r.getLength(), encoding)},
        {"newText", r.getReplacementText().str()}});
  return edits;
}

std::string fixTitle(const Fix& fix) {
  return fix.applicability == Applicability::Unsafe ? fix.message + " (unsafe)" : fix.message;
}

std::optional<SuppressionEdit> suppressionEdit(const SourceFile& file, const Diagnostic& d) {
  if (d.code.empty()) return std::nullopt;
  unsigned line = file.lineOf(d.offset);
  std::string_view text = file.lineText(line);
  uint32_t end = file.lineEnd(line);
  if (!text.empty() && text.back() == '\\') return std::nullopt;
  SuppressionEdit edit;
  if (isCxxPath(file.path())) {
    if (text.find("NOLINT") != std::string_view::npos) return std::nullopt;
    edit = {end, "  // NOLINT(" + d.code + ")"};
    return edit;
  }
  if (!isPythonPath(file.path())) return std::nullopt;
  // A `# noqa: A, B` list ends the line: the code joins it.
  static const std::regex kNoqaList(R"(#\s*noqa:\s*[A-Za-z]+[0-9]+(\s*,\s*[A-Za-z]+[0-9]+)*\s*$)");
  std::match_results<std::string_view::const_iterator> list;
  std::string_view trimmed = text;
  while (!trimmed.empty() && (trimmed.back() == ' ' || trimmed.back() == '\t'))
    trimmed.remove_suffix(1);
  if (std::regex_search(trimmed.begin(), trimmed.end(), list, kNoqaList))
    edit = {file.lineStart(line) + static_cast<uint32_t>(trimmed.size()), ", " + d.code};
  else
    edit = {end, "  # noqa: " + d.code};
  std::string commented = file.text();
  commented.insert(edit.offset, edit.text);
  SyntaxTree tree = SyntaxTree::parse(commented);
  if (tree.hasError() && SyntaxTree::parses(file.text())) return std::nullopt;
  // The text added must be a comment, not the inside of a string the line
  // opens (`f("""` … `""")`).
  size_t hash = edit.text.find('#');
  uint32_t probe =
      hash == std::string::npos ? edit.offset - 1 : edit.offset + static_cast<uint32_t>(hash);
  if (!is(descendantForRange(tree.root(), probe, probe + 1), "comment")) return std::nullopt;
  return edit;
}

}  // namespace lightfix
