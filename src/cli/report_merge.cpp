#include "cli/report_merge.h"

#include <fstream>
#include <sstream>

#include "report/batch_report.h"

namespace lightfix {

namespace {

bool endsWithJson(const std::string& name) {
  return name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0;
}

}  // namespace

int mergeReports(const std::vector<std::string>& files, const std::string& output,
                 const CliIo& io) {
  std::vector<BatchTable> tables;
  for (const std::string& file : files) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      io.err << "lightfix: " << file << ": cannot read the report\n";
      return kExitError;
    }
    std::ostringstream text;
    text << in.rdbuf();
    std::string why;
    std::optional<BatchTable> table = readBatchTable(text.str(), why);
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
  std::string text = renderBatchTable(*merged, endsWithJson(output));
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
