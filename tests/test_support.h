#pragma once
// A parsed and modelled snippet of Python, a project of its own, for unit
// tests.

#include <string>

#include "core/source_file.h"
#include "model/file_model.h"
#include "model/project_model.h"
#include "python/node.h"
#include "python/syntax_tree.h"

namespace lightfix::testing {

struct Parsed {
  explicit Parsed(std::string text, ModelOptions options = {})
      : file("t.py", std::move(text)),
        tree(SyntaxTree::parse(file.text())),
        model(file, tree, options),
        project(options) {
    // A file's model is whole once it joins a project: here, its own.
    project.link({&model});
  }

  // The first node of `type` whose text is `text`.
  Node find(const char* type, std::string_view text) const {
    Node found{};
    walk(tree.root(), [&](Node n) {
      if (isNull(found) && is(n, type) && textOf(n, file.text()) == text) found = n;
      return isNull(found);
    });
    return found;
  }
  std::string_view text(Node n) const { return textOf(n, file.text()); }

  SourceFile file;
  SyntaxTree tree;
  FileModel model;
  ProjectModel project;
};

}  // namespace lightfix::testing

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <system_error>
#include <vector>

namespace lightfix::testing {

// Removes the directories a test made with freshTempDir once it passes; a
// failed test's stay, for a look at what it left.
class TempDirCleanup : public ::testing::EmptyTestEventListener {
 public:
  static TempDirCleanup& instance() {
    // Owned by gtest's listener list once appended.
    static TempDirCleanup* cleanup = [] {
      auto* c = new TempDirCleanup;
      ::testing::UnitTest::GetInstance()->listeners().Append(c);
      return c;
    }();
    return *cleanup;
  }
  void add(const std::filesystem::path& dir) { dirs_.push_back(dir); }
  void OnTestEnd(const ::testing::TestInfo& test) override {
    std::error_code ec;
    if (test.result()->Passed())
      for (const std::filesystem::path& dir : dirs_) std::filesystem::remove_all(dir, ec);
    dirs_.clear();
  }

 private:
  std::vector<std::filesystem::path> dirs_;
};

// A fresh directory of the running test's own: ctest runs tests in parallel.
inline std::filesystem::path freshTempDir() {
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  // A parameterized test's names hold `/` (`Logs/CrashLog`, `…/lf001`): one
  // folder, not a tree whose parents would outlive the cleanup.
  std::string name = "lightfix-" + std::string(test->test_suite_name()) + "-" + test->name() + "-" +
                     std::to_string(::getpid());
  std::replace(name.begin(), name.end(), '/', '-');
  std::filesystem::path dir = std::filesystem::temp_directory_path() / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  TempDirCleanup::instance().add(dir);
  return dir;
}

}  // namespace lightfix::testing
