#include "driver/table_store.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

#include "cli_support.h"
#include "core/read_file.h"
#include "driver/result_cache.h"
#include "python/node.h"

namespace lightfix {
namespace {

// What two tables differ in, entry by entry; empty when they are the same.
std::string differences(const NodeTable& a, const NodeTable& b) {
  if (a.size() != b.size())
    return "size " + std::to_string(a.size()) + " / " + std::to_string(b.size());
  for (uint32_t i = 0; i < a.size(); ++i) {
    const NodeTable::Entry& x = a.entry(i);
    const NodeTable::Entry& y = b.entry(i);
    if (x.start != y.start || x.end != y.end || x.subtreeEnd != y.subtreeEnd ||
        x.parent != y.parent || x.function != y.function || x.symbol != y.symbol ||
        x.field != y.field || x.flags != y.flags)
      return "entry " + std::to_string(i);
  }
  if (a.calls() != b.calls()) return "calls";
  if (a.classes() != b.classes()) return "classes";
  return "";
}

TEST(NodeTableBytes, ReadBackEachGoldenFilesTableIsTheTableParsed) {
  size_t files = 0;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(LIGHTFIX_TESTDATA)) {
    if (e.path().extension() != ".py") continue;
    std::string text = slurp(e.path());
    SyntaxTree tree = SyntaxTree::parse(text);
    std::unique_ptr<NodeTable> back = NodeTable::fromBytes(tree.table().bytes(), text.size());
    ASSERT_TRUE(back) << e.path();
    EXPECT_EQ(differences(*back, tree.table()), "") << e.path();
    ++files;
  }
  EXPECT_GT(files, 500u);
}

TEST(NodeTableBytes, BytesThatAreNoTableOfTheTextAreRefused) {
  const std::string text = "import lightning as L\n\ndef main():\n    fabric.backward(loss)\n";
  const std::string bytes = SyntaxTree::parse(text).table().bytes();
  ASSERT_TRUE(NodeTable::fromBytes(bytes, text.size()));
  EXPECT_FALSE(NodeTable::fromBytes("", text.size()));
  EXPECT_FALSE(NodeTable::fromBytes(bytes.substr(0, bytes.size() - 1), text.size()));
  EXPECT_FALSE(NodeTable::fromBytes(bytes + std::string(24, '\0'), text.size()));
  // A shorter text than the table's nodes span.
  EXPECT_FALSE(NodeTable::fromBytes(bytes, text.size() - 1));
  std::string magic = bytes;
  magic[0] = 'X';
  EXPECT_FALSE(NodeTable::fromBytes(magic, text.size()));
  // Each place an entry names, pointed outside the table: the entries
  // follow a 16-byte header, and the last node has no children.
  const size_t header = 16, last = bytes.size() - sizeof(NodeTable::Entry);
  auto with = [&](size_t at, size_t offset, uint32_t value) {
    std::string out = bytes;
    std::memcpy(out.data() + at + offset, &value, sizeof value);
    return out;
  };
  EXPECT_FALSE(NodeTable::fromBytes(with(last, offsetof(NodeTable::Entry, subtreeEnd), 1u << 30),
                                    text.size()));
  EXPECT_FALSE(
      NodeTable::fromBytes(with(last, offsetof(NodeTable::Entry, parent), 1u << 30), text.size()));
  EXPECT_FALSE(NodeTable::fromBytes(with(last, offsetof(NodeTable::Entry, function), 1u << 30),
                                    text.size()));
  EXPECT_FALSE(
      NodeTable::fromBytes(with(header, offsetof(NodeTable::Entry, parent), 0), text.size()));
  // A child reaching past its parent's subtree.
  EXPECT_FALSE(NodeTable::fromBytes(
      with(header + sizeof(NodeTable::Entry), offsetof(NodeTable::Entry, subtreeEnd),
           static_cast<uint32_t>((bytes.size() - header) / sizeof(NodeTable::Entry) + 1)),
      text.size()));
}

class TableStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("lightfix-tables-test-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::vector<fs::path> tables() const {
    std::vector<fs::path> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir_ / "cache" / "tables", ec), end; !ec && it != end; ++it)
      if (it->path().extension() == ".table") out.push_back(it->path());
    return out;
  }

  fs::path dir_;
};

TEST_F(TableStoreTest, AStoredTableStandsForItsParseAndABrokenOneIsParsedAgain) {
  const std::string text =
      "class M(L.LightningModule):\n    def training_step(self, b):\n"
      "        return None\n";
  TableStore store((dir_ / "cache").string());
  ASSERT_TRUE(store.enabled());
  SyntaxTree parsed = SyntaxTree::parse(text);
  EXPECT_EQ(differences(store.parse(text).table(), parsed.table()), "");
  ASSERT_EQ(tables().size(), 1u);
  const fs::path stored = tables().front();
  const std::string bytes = slurp(stored);
  EXPECT_EQ(bytes, parsed.table().bytes());
  EXPECT_EQ(differences(TableStore((dir_ / "cache").string()).parse(text).table(), parsed.table()),
            "");
  std::ofstream(stored, std::ios::binary | std::ios::trunc) << bytes.substr(0, 40);
  EXPECT_EQ(differences(store.parse(text).table(), parsed.table()), "");
  EXPECT_EQ(slurp(stored), bytes);
  EXPECT_TRUE(fs::exists(dir_ / "cache" / "CACHEDIR.TAG"));
  EXPECT_FALSE(TableStore("").enabled());
}

TEST_F(TableStoreTest, TablesUntouchedForAMonthAreRemoved) {
  TableStore store((dir_ / "cache").string());
  store.parse("old = 1\n");
  store.parse("new = f(2)\n");
  ASSERT_EQ(tables().size(), 2u);
  auto old = fs::file_time_type::clock::now() -
             std::chrono::hours(24 * (ResultCache::kPruneAfterDays + 1));
  fs::path leftOver = dir_ / "cache" / "tables" / "table-left.tmp";
  std::ofstream(leftOver) << "x";
  fs::last_write_time(leftOver, old);
  for (const fs::path& p : tables())
    if (slurp(p) == SyntaxTree::parse("old = 1\n").table().bytes()) fs::last_write_time(p, old);
  // A store that wrote nothing leaves the folder as it is.
  TableStore((dir_ / "cache").string()).prune(ResultCache::kPruneAfterDays);
  EXPECT_EQ(tables().size(), 2u);
  store.prune(ResultCache::kPruneAfterDays);
  ASSERT_EQ(tables().size(), 1u);
  EXPECT_EQ(slurp(tables().front()), SyntaxTree::parse("new = f(2)\n").table().bytes());
  EXPECT_FALSE(fs::exists(leftOver));
}

Result runIn(const fs::path& dir, const std::string& args) {
  return shell("cd '" + dir.string() + "' && '" LIGHTFIX_BINARY "' " + args);
}

// The binary, end to end: after an edit to one file of a project, only that
// file is parsed; the others' tables are read (a table standing for another
// text shows through), and the report is a fresh check's.
TEST_F(TableStoreTest, AfterAnEditOnlyTheEditedFileIsParsedAgain) {
  fs::path project = dir_ / "project";
  fs::create_directories(project);
  std::ofstream(project / "pyproject.toml") << "[project]\nname = \"p\"\n";
  fs::copy_file(fs::path(LIGHTFIX_TESTDATA) / "LF001" / "direct_call.py", project / "train.py");
  std::ofstream(project / "util.py")
      << "import lightning as L\n\ndef trainer():\n    return L.Trainer(max_epochs=1)\n";
  const std::string cached =
      "check --output-format concise --no-color --cache-dir '" + (dir_ / "cache").string() + "' .";
  const std::string fresh = "check --output-format concise --no-color --no-cache .";
  Result cold = runIn(project, cached);
  ASSERT_EQ(cold.exit, 1) << cold.out;
  ASSERT_NE(cold.out.find("LF001"), std::string::npos) << cold.out;
  const size_t stored = tables().size();
  ASSERT_EQ(stored, 2u);

  std::ofstream(project / "util.py", std::ios::app) << "# touched\n";
  EXPECT_EQ(runIn(project, cached).out, cold.out);
  EXPECT_EQ(tables().size(), stored + 1);
  std::string train = slurp(project / "train.py");
  std::ofstream(project / "train.py", std::ios::binary) << "# training\n" << train;
  Result moved = runIn(project, cached);
  EXPECT_EQ(moved.out, runIn(project, fresh).out);
  EXPECT_NE(moved.out, cold.out);
  EXPECT_EQ(tables().size(), stored + 2);

  // train.py's table, made to stand for a text of its size that holds no
  // call: with util.py edited again, train.py is read from its table.
  const std::string trainText = slurp(project / "train.py");
  const std::string name =
      fmt::format("-{:016x}-{}.table", contentHash(trainText), trainText.size());
  bool swapped = false;
  for (const fs::path& p : tables()) {
    std::string file = p.filename().string();
    if (file.size() < name.size() || file.compare(file.size() - name.size(), name.size(), name))
      continue;
    std::string plain = "x = 1\n" + std::string(trainText.size() - 7, '#') + "\n";
    std::ofstream(p, std::ios::binary | std::ios::trunc)
        << SyntaxTree::parse(plain).table().bytes();
    swapped = true;
  }
  ASSERT_TRUE(swapped);
  std::ofstream(project / "util.py", std::ios::app) << "# touched again\n";
  EXPECT_EQ(runIn(project, cached).out.find("LF001"), std::string::npos);
}

}  // namespace
}  // namespace lightfix
