#include "driver/result_cache.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <regex>

#include "cli_support.h"
#include "registry/registry.h"
#include "rules/rule.h"

namespace lightfix {
namespace {

RunOptions optionsWith(std::initializer_list<const char*> codes) {
  RunOptions options;
  for (const char* code : codes) options.rules.push_back(findRule(code));
  return options;
}

Diagnostic diagnostic(std::string code, std::string message, Severity severity, uint32_t offset,
                      uint32_t length, Position start, Position end) {
  Diagnostic d;
  d.code = std::move(code);
  d.message = std::move(message);
  d.severity = severity;
  d.offset = offset;
  d.length = length;
  d.location = start;
  d.endLocation = end;
  return d;
}

std::string keyOf(const RunOptions& options, std::string_view path, std::string_view bytes) {
  CacheKey key(options);
  key.addFile(path, contentHash(bytes));
  return key.digest();
}

TEST(CacheKey, ChangesWithEveryInputOfTheResult) {
  RunOptions options = optionsWith({"LF001", "LF003"});
  const std::string base = keyOf(options, "a.py", "fabric.backward(loss)\n");
  EXPECT_EQ(base.size(), 64u);
  EXPECT_EQ(keyOf(options, "a.py", "fabric.backward(loss)\n"), base);
  // A byte of the file, its path, the rules, an option.
  EXPECT_NE(keyOf(options, "a.py", "fabric.backward(loss) \n"), base);
  EXPECT_NE(keyOf(options, "b.py", "fabric.backward(loss)\n"), base);
  EXPECT_NE(keyOf(optionsWith({"LF001"}), "a.py", "fabric.backward(loss)\n"), base);
  RunOptions unsafe = options;
  unsafe.unsafeFixes = true;
  EXPECT_NE(keyOf(unsafe, "a.py", "fabric.backward(loss)\n"), base);
  RunOptions migrating = options;
  migrating.model.targetDeepSpeed = true;
  EXPECT_NE(keyOf(migrating, "a.py", "fabric.backward(loss)\n"), base);
  RunOptions ignoring = options;
  ignoring.config.perFileIgnores = {{"tests/*", {"LF001"}}};
  EXPECT_NE(keyOf(ignoring, "a.py", "fabric.backward(loss)\n"), base);
}

TEST(CacheKey, APathCannotPassForAnotherPathAndHash) {
  // Paths are length-prefixed: one file's path may hold what looks like a
  // second entry.
  RunOptions options = optionsWith({"LF001"});
  CacheKey one(options);
  one.addFile("a.py 0000000000000001\nfile 4:b.py", 2);
  CacheKey two(options);
  two.addFile("a.py", 1);
  two.addFile("b.py", 2);
  EXPECT_NE(one.digest(), two.digest());
  CacheKey skipped(options);
  skipped.addSkipped("a.py", 1);
  CacheKey read(options);
  read.addFile("a.py", 1);
  EXPECT_NE(skipped.digest(), read.digest());
}

class ResultCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("lightfix-cache-test-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // One file with an error and its unsafe fix, one with a warning and a
  // read error, one that does not parse, a config's report.
  static CachedResult sample() {
    CachedResult result;
    Diagnostic error = diagnostic("LF001", "`fabric.backward()` before `fabric.setup()`",
                                  Severity::Error, 10, 7, {2, 5}, {2, 12});
    error.fix = Fix{};
    error.fix->message = "Insert `model, optimizer = fabric.setup(model, optimizer)`";
    error.fix->applicability = Applicability::Unsafe;
    llvm::cantFail(
        error.fix->edits.add(clang::tooling::Replacement("train.py", 4, 0, "    ünïcode\n")));
    llvm::cantFail(error.fix->edits.add(clang::tooling::Replacement("train.py", 30, 2, "")));
    error.related = RelatedPlace{"conf/trainer.yaml", 3, "DeepSpeed selected here"};
    FileOutcome first;
    first.report = FileReport{nullptr, {error}, 0, {}};
    first.errors.push_back({ErrorKind::FixDropped, "train.py:2:5: error[LF001] fix dropped"});
    FileOutcome second;
    second.readError = "bad.py:1:3: invalid UTF-8; file left as it is";
    second.notice = "big.py: not checked";
    second.report = FileReport{
        nullptr, {diagnostic("LF018", "possibly", Severity::Warning, 0, 1, {1, 1}, {1, 2})}, 0, {}};
    FileOutcome broken;  // a file that does not parse
    Diagnostic syntax =
        diagnostic("", "SyntaxError: invalid syntax", Severity::Error, 4, 0, {1, 5}, {1, 5});
    syntax.kind = DiagnosticKind::SyntaxError;
    broken.report = FileReport{nullptr, {syntax}, 0, {}};
    result.files = {{0, first}, {3, second}, {4, broken}};
    result.configs = {{1, FileReport{nullptr, {error}, 0, {}}}};
    return result;
  }

  ResultCache cache() const { return ResultCache(dir_.string()); }

  // Every entry in dir_/cache says "BEFORE" where its report said "before",
  // so that a run answered from it shows; false when there is none.
  bool tamperWithEntries() const {
    bool any = false;
    for (const fs::directory_entry& e : fs::directory_iterator(dir_ / "cache")) {
      if (e.path().extension() != ".json") continue;
      std::string text = slurp(e.path());
      std::ofstream(e.path(), std::ios::binary)
          << std::regex_replace(text, std::regex("before"), "BEFORE");
      any = true;
    }
    return any;
  }

  fs::path dir_;
};

void expectSame(const std::vector<Diagnostic>& a, const std::vector<Diagnostic>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].kind, b[i].kind);
    EXPECT_EQ(a[i].code, b[i].code);
    EXPECT_EQ(a[i].message, b[i].message);
    EXPECT_EQ(a[i].severity, b[i].severity);
    EXPECT_EQ(a[i].offset, b[i].offset);
    EXPECT_EQ(a[i].length, b[i].length);
    EXPECT_EQ(a[i].location, b[i].location);
    EXPECT_EQ(a[i].endLocation, b[i].endLocation);
    ASSERT_EQ(a[i].related.has_value(), b[i].related.has_value());
    if (a[i].related) {
      EXPECT_EQ(a[i].related->path, b[i].related->path);
      EXPECT_EQ(a[i].related->line, b[i].related->line);
      EXPECT_EQ(a[i].related->message, b[i].related->message);
    }
    ASSERT_EQ(a[i].fix.has_value(), b[i].fix.has_value());
    if (!a[i].fix) continue;
    EXPECT_EQ(a[i].fix->message, b[i].fix->message);
    EXPECT_EQ(a[i].fix->applicability, b[i].fix->applicability);
    EXPECT_EQ(a[i].fix->edits, b[i].fix->edits);
  }
}

TEST_F(ResultCacheTest, KeepsAProjectsResultAsItWas) {
  CachedResult stored = sample();
  cache().store("/repo", "k1", Mode::Check, stored);
  std::optional<CachedResult> loaded = cache().load("/repo", "k1", Mode::Check);
  ASSERT_TRUE(loaded);
  ASSERT_EQ(loaded->files.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    const FileOutcome& a = stored.files[i].second;
    const FileOutcome& b = loaded->files[i].second;
    EXPECT_EQ(loaded->files[i].first, stored.files[i].first);
    EXPECT_EQ(b.readError, a.readError);
    EXPECT_EQ(b.notice, a.notice);
    ASSERT_EQ(b.errors.size(), a.errors.size());
    for (size_t e = 0; e < a.errors.size(); ++e) {
      EXPECT_EQ(b.errors[e].kind, a.errors[e].kind);
      EXPECT_EQ(b.errors[e].line, a.errors[e].line);
    }
    ASSERT_TRUE(b.report);
    EXPECT_EQ(b.report->file, nullptr);
    expectSame(b.report->diagnostics, a.report->diagnostics);
  }
  ASSERT_EQ(loaded->configs.size(), 1u);
  EXPECT_EQ(loaded->configs[0].first, 1u);
  expectSame(loaded->configs[0].second.diagnostics, stored.configs[0].second.diagnostics);
  EXPECT_TRUE(fs::exists(dir_ / "CACHEDIR.TAG"));
}

TEST_F(ResultCacheTest, AnotherKeyOrProjectIsAMiss) {
  cache().store("/repo", "k1", Mode::Check, sample());
  EXPECT_FALSE(cache().load("/repo", "k2", Mode::Check));
  EXPECT_FALSE(cache().load("/other", "k1", Mode::Check));
  // The latest result of a project replaces its entry.
  cache().store("/repo", "k2", Mode::Check, CachedResult{});
  EXPECT_FALSE(cache().load("/repo", "k1", Mode::Check));
  EXPECT_TRUE(cache().load("/repo", "k2", Mode::Check));
}

TEST_F(ResultCacheTest, FixAndDiffUseOnlyACleanResult) {
  cache().store("/repo", "k1", Mode::Check, sample());
  EXPECT_FALSE(cache().load("/repo", "k1", Mode::Fix));
  EXPECT_FALSE(cache().load("/repo", "k1", Mode::Diff));
  // A fix's findings are not kept at all; a clean project's are, for all.
  cache().store("/other", "k1", Mode::Fix, sample());
  EXPECT_FALSE(cache().load("/other", "k1", Mode::Check));
  cache().store("/clean", "k1", Mode::Fix, CachedResult{});
  EXPECT_TRUE(cache().load("/clean", "k1", Mode::Check));
  EXPECT_TRUE(cache().load("/clean", "k1", Mode::Diff));
}

TEST_F(ResultCacheTest, ABrokenEntryIsAMissNotAnError) {
  cache().store("/repo", "k1", Mode::Check, sample());
  ASSERT_TRUE(cache().load("/repo", "k1", Mode::Check));
  for (const fs::directory_entry& e : fs::directory_iterator(dir_)) {
    if (e.path().extension() != ".json") continue;
    std::string text = slurp(e.path());
    // Cut short, or an offset turned into text.
    std::ofstream(e.path(), std::ios::binary) << text.substr(0, text.size() / 2);
    EXPECT_FALSE(cache().load("/repo", "k1", Mode::Check));
    std::ofstream(e.path(), std::ios::binary)
        << std::regex_replace(text, std::regex("\"offset\":10"), "\"offset\":\"10\"");
    EXPECT_FALSE(cache().load("/repo", "k1", Mode::Check));
  }
  EXPECT_FALSE(ResultCache("").load("/repo", "k1", Mode::Check));
}

TEST_F(ResultCacheTest, EntriesUntouchedForAMonthAreRemoved) {
  ResultCache pruning = cache();
  pruning.store("/old", "k1", Mode::Check, sample());
  pruning.store("/new", "k1", Mode::Check, sample());
  auto old = fs::file_time_type::clock::now() -
             std::chrono::hours(24 * (ResultCache::kPruneAfterDays + 1));
  std::ofstream(dir_ / "entry-left.tmp") << "{";
  fs::last_write_time(dir_ / "entry-left.tmp", old);
  for (const fs::directory_entry& e : fs::directory_iterator(dir_))
    if (e.path().extension() == ".json" && slurp(e.path()).find("/old") != std::string::npos)
      fs::last_write_time(e.path(), old);
  // A cache that wrote nothing leaves the folder as it is.
  cache().prune();
  EXPECT_TRUE(cache().load("/old", "k1", Mode::Check));
  pruning.prune();
  EXPECT_FALSE(cache().load("/old", "k1", Mode::Check));
  EXPECT_TRUE(cache().load("/new", "k1", Mode::Check));
  EXPECT_FALSE(fs::exists(dir_ / "entry-left.tmp"));
  EXPECT_TRUE(fs::exists(dir_ / "CACHEDIR.TAG"));
}

TEST_F(ResultCacheTest, ANameThatIsNotUtf8IsNotKept) {
  CachedResult result;
  FileOutcome outcome;
  outcome.readError = "caf\xe9.py: cannot read file";
  result.files = {{0, outcome}};
  cache().store("/repo", "k1", Mode::Check, result);
  EXPECT_FALSE(cache().load("/repo", "k1", Mode::Check));
}

Result runIn(const fs::path& dir, const std::string& args) {
  return shell("cd '" + dir.string() + "' && '" LIGHTFIX_BINARY "' " + args);
}

// The binary, end to end: a second run is answered from the cache (a
// changed entry shows through), and any change to a file is seen.
TEST_F(ResultCacheTest, ASecondRunIsAnsweredFromTheCacheUntilAFileChanges) {
  fs::path project = dir_ / "project";
  fs::create_directories(project);
  std::ofstream(project / "pyproject.toml") << "[project]\nname = \"p\"\n";
  fs::copy_file(fs::path(LIGHTFIX_TESTDATA) / "LF001" / "direct_call.py", project / "train.py");
  std::ofstream(project / "util.py") << "def helper():\n    return 1\n";
  const std::string args =
      "check --output-format concise --no-color --cache-dir '" + (dir_ / "cache").string() + "' .";
  Result cold = runIn(project, args);
  ASSERT_EQ(cold.exit, 1) << cold.out;
  ASSERT_NE(cold.out.find("LF001"), std::string::npos) << cold.out;
  EXPECT_EQ(runIn(project, args).out, cold.out);

  // Tampered with, the entry is what the second run reports: it was read.
  ASSERT_TRUE(tamperWithEntries());
  EXPECT_NE(runIn(project, args).out.find("BEFORE"), std::string::npos);

  // A file that changes (even one without a finding) is a new key.
  std::ofstream(project / "util.py", std::ios::app) << "# touched\n";
  EXPECT_EQ(runIn(project, args).out, cold.out);
  // A line above the finding moves it.
  std::string train = slurp(project / "train.py");
  std::ofstream(project / "train.py", std::ios::binary) << "# training\n" << train;
  Result more = runIn(project, args);
  EXPECT_NE(more.out, cold.out);
  EXPECT_EQ(more.out, runIn(project, "check --output-format concise --no-color --no-cache .").out);

  // --no-cache neither reads nor writes one.
  fs::path unused = dir_ / "unused";
  EXPECT_EQ(runIn(project, "check --output-format concise --no-color --no-cache --cache-dir '" +
                               unused.string() + "' .")
                .out,
            more.out);
  EXPECT_FALSE(fs::exists(unused));
}

// A C++ source that no compilation database names (a CUDA extension's
// binding beside the training code) is never compiled: the project is still
// answered from the cache, until the source is named by one or another
// source joins it.
TEST_F(ResultCacheTest, UncompiledCxxSourcesLeaveTheProjectCached) {
  fs::path project = dir_ / "project";
  fs::create_directories(project / "kernels");
  std::ofstream(project / "pyproject.toml") << "[project]\nname = \"p\"\n";
  fs::copy_file(fs::path(LIGHTFIX_TESTDATA) / "LF001" / "direct_call.py", project / "train.py");
  std::ofstream(project / "kernels" / "wkv_op.cpp") << "int wkv_forward(int n) { return n; }\n";
  const std::string args =
      "check --output-format concise --no-color --cache-dir '" + (dir_ / "cache").string() + "' .";
  Result cold = runIn(project, args);
  ASSERT_EQ(cold.exit, 1) << cold.out;
  ASSERT_TRUE(tamperWithEntries());
  EXPECT_NE(runIn(project, args).out.find("BEFORE"), std::string::npos);

  // One more source moves the files along: a new key.
  std::ofstream(project / "kernels" / "wkv_grad.cpp") << "int wkv_backward(int n) { return n; }\n";
  EXPECT_EQ(runIn(project, args).out, cold.out);

  // Named by a compilation database, a source is compiled, with headers
  // outside the project: never cached.
  ASSERT_TRUE(tamperWithEntries());
  std::ofstream(project / "compile_commands.json")
      << "[{\"directory\": \"" << project.string() << "\", \"file\": \"kernels/wkv_op.cpp\", "
      << "\"arguments\": [\"clang++\", \"-std=c++17\", \"-c\", \"kernels/wkv_op.cpp\"]}]\n";
  EXPECT_EQ(runIn(project, args).out, cold.out);
}

}  // namespace
}  // namespace lightfix
