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
  TSNode find(const char* type, std::string_view text) const {
    TSNode found{};
    walk(tree.root(), [&](TSNode n) {
      if (isNull(found) && is(n, type) && textOf(n, file.text()) == text) found = n;
      return isNull(found);
    });
    return found;
  }
  std::string_view text(TSNode n) const { return textOf(n, file.text()); }

  SourceFile file;
  SyntaxTree tree;
  FileModel model;
  ProjectModel project;
};

}  // namespace lightfix::testing

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

namespace lightfix::testing {

// A fresh directory of the running test's own: ctest runs tests in parallel.
inline std::filesystem::path freshTempDir() {
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  std::filesystem::path dir = std::filesystem::temp_directory_path() /
                              ("lightfix-" + std::string(test->test_suite_name()) + "-" +
                               test->name() + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace lightfix::testing
