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

const char* fixedLabel(Mode mode) {
  return mode == Mode::Check ? "fixable" : mode == Mode::Diff ? "would fix" : "fixed";
}

}  // namespace

bool isJsonReport(const std::string& path) {
  return path.size() > 5 && path.compare(path.size() - 5, 5, ".json") == 0;
}

BatchTable batchTable(const BatchInput& input) {
  BatchTable table{input.mode, {}};
  std::vector<BatchRow>& rows = table.rows;
  for (size_t i = 0; i < input.roots.size(); ++i) {
    rows.push_back(BatchRow{input.roots[i], 0, {}, 0, {}, std::nullopt});
    if (i < input.positions.size()) rows.back().position = input.positions[i];
  }
  RowsByRoot byRoot(input.roots);
  for (const std::string& f : *input.files)
    byRoot.forEachRowOf(f, [&](size_t i) { ++rows[i].files; });
  for (const FileReport& r : *input.reports) {
    byRoot.forEachRowOf(r.file->path(), [&](size_t i) {
      BatchRow& row = rows[i];
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
  return table;
}

std::string renderBatchTable(const BatchTable& table, bool json) {
  const std::vector<BatchRow>& rows = table.rows;
  // A column for each rule found somewhere, in the registry's order.
  std::vector<std::string> codes;
  for (const Rule& r : allRules())
    if (std::any_of(rows.begin(), rows.end(), [&](const BatchRow& row) {
          return row.findings.count(std::string(r.code)) > 0;
        }))
      codes.emplace_back(r.code);
  if (std::any_of(rows.begin(), rows.end(),
                  [](const BatchRow& row) { return row.findings.count("syntax-error") > 0; }))
    codes.emplace_back("syntax-error");
  const char* fixed = fixedLabel(table.mode);

  if (json) {
    llvm::json::Array out;
    for (const BatchRow& row : rows) {
      llvm::json::Object findings;
      for (const auto& [code, n] : row.findings) findings[code] = static_cast<int64_t>(n);
      llvm::json::Object left;
      for (const auto& [why, n] : row.left) left[why] = static_cast<int64_t>(n);
      llvm::json::Object entry{{"repository", row.repository},
                               {"files", static_cast<int64_t>(row.files)},
                               {"findings", std::move(findings)},
                               {fixed, static_cast<int64_t>(row.fixed)},
                               {"left", std::move(left)}};
      if (row.position) entry["position"] = static_cast<int64_t>(*row.position);
      out.push_back(std::move(entry));
    }
    std::string text;
    llvm::raw_string_ostream os(text);
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(out)));
    os.flush();
    return text + "\n";
  }

  std::string out = "| repository | files |";
  for (const std::string& code : codes) out += " " + code + " |";
  out += fmt::format(" {} | left for a person |\n|---|---:|", fixed);
  for (size_t i = 0; i < codes.size(); ++i) out += "---:|";
  out += "---:|---|\n";
  BatchRow total{"**total**", 0, {}, 0, {}, std::nullopt};
  auto line = [&](const BatchRow& row) {
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
  for (const BatchRow& row : rows) {
    out += line(row);
    total.files += row.files;
    total.fixed += row.fixed;
    for (const auto& [code, n] : row.findings) total.findings[code] += n;
    for (const auto& [why, n] : row.left) total.left[why] += n;
  }
  out += line(total);
  return out;
}

namespace {

bool readCounts(const llvm::json::Object* object, std::map<std::string, size_t>& into) {
  if (!object) return false;
  for (const auto& [key, value] : *object) {
    llvm::Optional<int64_t> n = value.getAsInteger();
    if (!n || *n < 0) return false;
    into[key.str()] = static_cast<size_t>(*n);
  }
  return true;
}

}  // namespace

std::optional<BatchTable> readBatchTable(std::string_view json, std::string& why) {
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(json);
  if (!parsed) {
    why = "not JSON: " + llvm::toString(parsed.takeError());
    return std::nullopt;
  }
  const llvm::json::Array* rows = parsed->getAsArray();
  if (!rows) {
    why = "not a --report table: not a JSON array";
    return std::nullopt;
  }
  std::optional<Mode> mode;
  BatchTable table;
  const std::string malformed =
      "not a --report table: a row without its repository, files, findings, fixed (fixable, "
      "would fix) and left";
  for (const llvm::json::Value& value : *rows) {
    const llvm::json::Object* row = value.getAsObject();
    if (!row) {
      why = malformed;
      return std::nullopt;
    }
    std::optional<Mode> rowMode;
    for (Mode m : {Mode::Check, Mode::Diff, Mode::Fix})
      if (row->get(fixedLabel(m))) rowMode = m;
    llvm::Optional<llvm::StringRef> repository = row->getString("repository");
    llvm::Optional<int64_t> files = row->getInteger("files");
    llvm::Optional<int64_t> fixed =
        rowMode ? row->getInteger(fixedLabel(*rowMode)) : llvm::Optional<int64_t>();
    BatchRow read;
    if (!rowMode || !repository || !files || *files < 0 || !fixed || *fixed < 0 ||
        !readCounts(row->getObject("findings"), read.findings) ||
        !readCounts(row->getObject("left"), read.left)) {
      why = malformed;
      return std::nullopt;
    }
    if (mode && *mode != *rowMode) {
      why = "not a --report table: rows of different commands";
      return std::nullopt;
    }
    mode = rowMode;
    read.repository = repository->str();
    read.files = static_cast<size_t>(*files);
    read.fixed = static_cast<size_t>(*fixed);
    if (llvm::Optional<int64_t> position = row->getInteger("position"); position && *position >= 0)
      read.position = static_cast<size_t>(*position);
    table.rows.push_back(std::move(read));
  }
  if (mode) table.mode = *mode;
  return table;
}

std::optional<BatchTable> mergeBatchTables(const std::vector<BatchTable>& tables,
                                           std::string& why) {
  BatchTable merged;
  std::optional<Mode> mode;
  for (const BatchTable& table : tables) {
    if (table.rows.empty()) continue;  // an empty shard's table names no command
    if (mode && *mode != table.mode) {
      why = fmt::format("the reports are of different commands ({} and {})", fixedLabel(*mode),
                        fixedLabel(table.mode));
      return std::nullopt;
    }
    mode = table.mode;
    merged.rows.insert(merged.rows.end(), table.rows.begin(), table.rows.end());
  }
  if (mode) merged.mode = *mode;
  // Rows with a position in the order the paths were named; the others
  // after them, as given.
  std::stable_sort(merged.rows.begin(), merged.rows.end(),
                   [](const BatchRow& a, const BatchRow& b) {
                     return a.position.has_value() && (!b.position || *a.position < *b.position);
                   });
  for (size_t i = 1; i < merged.rows.size(); ++i)
    if (merged.rows[i].position && merged.rows[i].position == merged.rows[i - 1].position) {
      why = fmt::format(
          "`{}` and `{}` hold the same place among the paths named: reports of "
          "the same shard, or of shards of different runs",
          merged.rows[i - 1].repository, merged.rows[i].repository);
      return std::nullopt;
    }
  for (BatchRow& row : merged.rows) row.position.reset();
  return merged;
}

}  // namespace lightfix
