#include "report/batch_report.h"

#include <fmt/format.h>
#include <llvm/Support/FormatVariadic.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>

#include <filesystem>
#include <map>

#include "rules/rule.h"

namespace lightfix {

namespace {

struct Row {
  std::string repository;
  size_t files = 0;
  std::map<std::string, size_t> findings;  // by code, fixed ones included
  size_t fixed = 0;
  std::map<std::string, size_t> left;  // by reason
};

bool under(const std::string& file, const std::string& root) {
  namespace fs = std::filesystem;
  std::string f = fs::path(file).lexically_normal().generic_string();
  std::string r = fs::path(root).lexically_normal().generic_string();
  while (r.size() > 1 && r.back() == '/') r.pop_back();
  if (r == ".") return f.empty() || f[0] != '/';
  return f == r || (f.size() > r.size() && f.compare(0, r.size(), r) == 0 && f[r.size()] == '/');
}

// Why a finding is still there after `fix`.
std::string reason(const Diagnostic& d, bool unsafeFixes) {
  if (d.code.empty()) return "syntax error";
  if (!d.fix) return "no automatic fix";
  if (d.fix->applicability == Applicability::Unsafe && !unsafeFixes)
    return "unsafe fix, needs --unsafe-fixes";
  return "conflicting edit";
}

}  // namespace

std::string renderBatchReport(const BatchInput& input, bool json) {
  std::vector<Row> rows;
  for (const std::string& root : input.roots) {
    Row row{root, 0, {}, 0, {}};
    for (const std::string& f : input.files) row.files += under(f, root);
    for (const FileReport& r : *input.reports) {
      if (!under(r.file->path(), root)) continue;
      row.fixed += r.fixed;
      for (const std::string& code : r.fixedCodes) ++row.findings[code];
      for (const Diagnostic& d : r.diagnostics) {
        ++row.findings[d.code.empty() ? "syntax-error" : d.code];
        ++row.left[reason(d, input.unsafeFixes)];
      }
    }
    rows.push_back(std::move(row));
  }
  std::vector<std::string> codes;
  for (const Rule& r : allRules()) codes.emplace_back(r.code);

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
                                       {"fixed", static_cast<int64_t>(row.fixed)},
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
  out += " fixed | left for a person |\n|---|---:|";
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
