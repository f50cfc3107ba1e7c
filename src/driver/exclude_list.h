#pragma once
// The `exclude` patterns of a config and of `--exclude`, written as in a
// .gitignore (ignore_pattern.h), each relative to its own folder. What git
// itself ignores is git_ignores.h's.

#include <filesystem>
#include <string>
#include <vector>

#include "driver/ignore_pattern.h"

namespace lightfix {

class ExcludeList {
 public:
  // One pattern, in .gitignore syntax, relative to `base`.
  void add(const std::filesystem::path& base, const std::string& pattern);
  bool excluded(const std::filesystem::path& path, bool isDirectory) const;

 private:
  struct Based {
    std::filesystem::path base;
    IgnorePattern pattern;
  };
  std::vector<Based> patterns_;
};

}  // namespace lightfix
