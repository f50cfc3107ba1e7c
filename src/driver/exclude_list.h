#pragma once
// The `exclude` patterns of a config and of `--exclude`, written as in a
// .gitignore: globs (matched by fnmatch), `dir/` for directories only,
// `/anchored` patterns and `!negations`, each relative to its own folder.
// What git itself ignores is asked of git (git_ignores.h).

#include <filesystem>
#include <string>
#include <vector>

namespace lightfix {

class ExcludeList {
 public:
  // One pattern, in .gitignore syntax, relative to `base`.
  void add(const std::filesystem::path& base, std::string pattern);
  bool excluded(const std::filesystem::path& path, bool isDirectory) const;

 private:
  struct Pattern {
    std::filesystem::path base;
    std::string glob;
    bool negated = false;
    bool directoryOnly = false;
    bool anchored = false;  // matched against the path below base, not the name
  };
  std::vector<Pattern> patterns_;
};

}  // namespace lightfix
