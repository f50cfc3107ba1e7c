#include "report/batch_report.h"

#include <fmt/format.h>
#include <llvm/Support/FormatVariadic.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <unordered_map>
#include <vector>

#include "driver/folders_above.h"
#include "registry/registry.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

struct Row {
  std::string repository;
  size_t files = 0;
  std::map<std::string, size_t> findings;  // by code, fixed ones included
  size_t fixed = 0;                        // or, for a check, fixable
  std::map<std::string, size_t> left;      // by reason
};

// The rows whose repository holds a path: found by looking up the path's
// folders, not by comparing it with every repository, since a fleet
// migration names thousands of them.
class RowsByRoot {
 public:
  explicit RowsByRoot(const std::vector<std::string>& roots) {
    for (size_t i = 0; i < roots.size(); ++i) {
      std::string r = normal(roots[i]);
      while (r.size() > 1 && r.back() == '/') r.pop_back();
      if (r == ".") {
        relative_.push_back(i);  // every relative path is, but those up from here
      } else {
        rows_[r].push_back(i);
      }
    }
  }

  // Calls `visit(row)` for each row whose repository is `path` or above it.
  template <typename Visit>
  void forEachRowOf(const std::string& path, Visit visit) const {
    std::string f = normal(path);
    bool outsideHere = f == ".." || f.compare(0, 3, "../") == 0;
    if ((f.empty() || f[0] != '/') && !outsideHere)
      for (size_t row : relative_) visit(row);
    visitRows(f, visit);
    anyFolderAbove(f, [&](const std::string& folder) {
      visitRows(folder, visit);
      return false;
    });
  }

 private:
  static std::string normal(const std::string& path) {
    return std::filesystem::path(path).lexically_normal().generic_string();
  }
  template <typename Visit>
  void visitRows(const std::string& folder, Visit& visit) const {
    auto it = rows_.find(folder);
    if (it != rows_.end())
      for (size_t row : it->second) visit(row);
  }

  std::unordered_map<std::string, std::vector<size_t>> rows_;
  std::vector<size_t> relative_;  // the rows of `.`
};

// Why a finding is left for a person; empty for one a check found that
// `fix` would fix.
std::string reason(const Diagnostic& d, const BatchInput& input) {
  if (d.isSyntaxError()) return "syntax error";
  if (!d.fix) return "no automatic fix";
  if (d.fix->applicability == Applicability::Unsafe && !input.unsafeFixes)
    return "unsafe fix, needs --unsafe-fixes";
  if (input.mode == Mode::Check) return {};
  // Wanted, and still there after the rounds: its edit overlapped another's
  // to the end, or the fixed file would not parse.
  return "fix not applied (overlapping or unsound)";
}

}  // namespace

std::string renderBatchReport(const BatchInput& input, bool json) {
  std::vector<Row> rows;
  for (const std::string& root : input.roots) rows.push_back(Row{root, 0, {}, 0, {}});
  RowsByRoot byRoot(input.roots);
  for (const std::string& f : *input.files)
    byRoot.forEachRowOf(f, [&](size_t i) { ++rows[i].files; });
  for (const FileReport& r : *input.reports) {
    byRoot.forEachRowOf(r.file->path(), [&](size_t i) {
      Row& row = rows[i];
      row.fixed += r.fixed;
      for (const std::string& code : r.fixedCodes) ++row.findings[code];
      for (const Diagnostic& d : r.diagnostics) {
        ++row.findings[d.isSyntaxError() ? "syntax-error" : d.code];
        std::string why = reason(d, input);
        if (why.empty())
          ++row.fixed;  // fixable
        else
          ++row.left[why];
      }
    });
  }
  // A column for each rule found somewhere, in the registry's order.
  std::vector<std::string> codes;
  for (const Rule& r : allRules())
    if (std::any_of(rows.begin(), rows.end(),
                    [&](const Row& row) { return row.findings.count(std::string(r.code)) > 0; }))
      codes.emplace_back(r.code);
  if (std::any_of(rows.begin(), rows.end(),
                  [](const Row& row) { return row.findings.count("syntax-error") > 0; }))
    codes.emplace_back("syntax-error");
  const char* fixedLabel = input.mode == Mode::Check  ? "fixable"
                           : input.mode == Mode::Diff ? "would fix"
                                                      : "fixed";

  if (json) {
    llvm::json::Array out;
    for (const Row& row : rows) {
      llvm::json::Object findings;
      for (const auto& [code, n] : row.findings) findings[code] = static_cast<int64_t>(n);
      llvm::json::Object left;
      for (const auto& [why, n] : row.left) left[why] = static_cast<int64_t>(n);
      out.push_back(llvm::json::Object{{"repository", row.repository},
                                       {"files", static_cast<int64_t>(row.files)},
                                       {"findings", std::move(findings)},
                                       {fixedLabel, static_cast<int64_t>(row.fixed)},
                                       {"left", std::move(left)}});
    }
    std::string text;
    llvm::raw_string_ostream os(text);
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(out)));
    os.flush();
    return text + "\n";
  }

  std::string out = "| repository | files |";
  for (const std::string& code : codes) out += " " + code + " |";
  out += fmt::format(" {} | left for a person |\n|---|---:|", fixedLabel);
  for (size_t i = 0; i < codes.size(); ++i) out += "---:|";
  out += "---:|---|\n";
  Row total{"**total**", 0, {}, 0, {}};
  auto line = [&](const Row& row) {
    std::string l = fmt::format("| {} | {} |", row.repository, row.files);
    for (const std::string& code : codes) {
      auto it = row.findings.find(code);
      l += fmt::format(" {} |", it == row.findings.end() ? 0 : it->second);
    }
    size_t leftCount = 0;
    std::string why;
    for (const auto& [reasonText, n] : row.left) {
      leftCount += n;
      why += fmt::format("{}{} {}", why.empty() ? "" : ", ", n, reasonText);
    }
    l += fmt::format(" {} | {}{} |\n", row.fixed, leftCount,
                     why.empty() ? std::string() : " (" + why + ")");
    return l;
  };
  for (const Row& row : rows) {
    out += line(row);
    total.files += row.files;
    total.fixed += row.fixed;
    for (const auto& [code, n] : row.findings) total.findings[code] += n;
    for (const auto& [why, n] : row.left) total.left[why] += n;
  }
  out += line(total);
  return out;
}

}  // namespace lightfix
