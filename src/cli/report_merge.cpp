#include "cli/report_merge.h"

#include <fstream>

#include "core/read_file.h"
#include "report/batch_report.h"

namespace lightfix {

int mergeReports(const std::vector<std::string>& files, const std::string& output,
                 const CliIo& io) {
  std::vector<BatchTable> tables;
  for (const std::string& file : files) {
    std::string text;
    if (!readWholeFile(file, text)) {
      io.err << "lightfix: " << file << ": cannot read the report\n";
      return kExitError;
    }
    std::string why;
    std::optional<BatchTable> table = readBatchTable(text, why);
    if (!table) {
      io.err << "lightfix: " << file << ": " << why
             << " (`report merge` reads what --report FILE.json writes)\n";
      return kExitError;
    }
    tables.push_back(std::move(*table));
  }
  std::string why;
  std::optional<BatchTable> merged = mergeBatchTables(tables, why);
  if (!merged) {
    io.err << "lightfix: cannot merge: " << why << "\n";
    return kExitError;
  }
  std::string text = renderBatchTable(*merged, isJsonReport(output));
  if (output.empty()) {
    io.out << text;
    return kExitClean;
  }
  std::ofstream out(output, std::ios::binary);
  out << text;
  if (!out) {
    io.err << "lightfix: " << output << ": cannot write the report\n";
    return kExitError;
  }
  return kExitClean;
}

}  // namespace lightfix
