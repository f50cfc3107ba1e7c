// --report's rows: which repository (path given) each file and finding is
// counted under, however the paths were spelled.

#include "report/batch_report.h"

#include <gtest/gtest.h>
#include <llvm/Support/JSON.h>

#include <map>
#include <memory>

#include "core/source_file.h"

namespace {

using lightfix::BatchInput;
using lightfix::Diagnostic;
using lightfix::FileReport;

// Each row's repository and its files and findings, from the JSON table.
std::map<std::string, std::pair<int64_t, int64_t>> rowsOf(const BatchInput& input) {
  auto json = llvm::json::parse(lightfix::renderBatchReport(input, true));
  EXPECT_TRUE(static_cast<bool>(json));
  std::map<std::string, std::pair<int64_t, int64_t>> out;
  for (const llvm::json::Value& row : *json->getAsArray()) {
    const llvm::json::Object& o = *row.getAsObject();
    int64_t findings = 0;
    for (const auto& [code, n] : *o.getObject("findings")) findings += *n.getAsInteger();
    out[o.getString("repository")->str()] = {*o.getInteger("files"), findings};
  }
  return out;
}

FileReport reportOf(const std::string& path, const std::string& code) {
  FileReport r;
  r.file = std::make_shared<lightfix::SourceFile>(path, "");
  Diagnostic d;
  d.code = code;
  r.diagnostics.push_back(d);
  return r;
}

TEST(BatchReport, CountsEachFileUnderEveryRepositoryHoldingIt) {
  std::vector<FileReport> reports = {reportOf("fleet/a/train.py", "LF001"),
                                     reportOf("/srv/b/x.py", "LF003")};
  lightfix::PathList files{"fleet/a/train.py", "fleet/a/pkg/m.py", "fleet/ab/y.py", "../up.py",
                           "/srv/b/x.py"};
  BatchInput input{
      {".", "fleet/a/", "./fleet/a", "fleet/ab", "..", "/srv", "/", "fleet/a/train.py"},
      &files,
      &reports};
  auto rows = rowsOf(input);
  using Row = std::pair<int64_t, int64_t>;
  EXPECT_EQ(rows["."], Row(3, 1));  // not ../up.py, nor the absolute path
  EXPECT_EQ(rows["fleet/a/"], Row(2, 1));
  EXPECT_EQ(rows["./fleet/a"], Row(2, 1));
  EXPECT_EQ(rows["fleet/ab"], Row(1, 0));  // a sibling whose name starts alike
  EXPECT_EQ(rows[".."], Row(1, 0));        // as spelled: the run's paths are not made absolute
  EXPECT_EQ(rows["/srv"], Row(1, 1));
  EXPECT_EQ(rows["/"], Row(1, 1));
  EXPECT_EQ(rows["fleet/a/train.py"], Row(1, 1));  // a file named itself
}

}  // namespace
