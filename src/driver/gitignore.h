#pragma once
// The subset of .gitignore that real repositories use to hide generated and
// vendored code: globs, `dir/` for directories only, `/anchored` patterns and
// `!negations`, each file applying below its own directory.

#include <filesystem>
#include <string>
#include <vector>

namespace lightfix {

class GitIgnore {
 public:
  // Reads `dir/.gitignore`, if any, as applying to everything below dir.
  void load(const std::filesystem::path& dir);
  // One pattern, in .gitignore syntax, relative to `base`.
  void add(const std::filesystem::path& base, std::string pattern);
  bool ignored(const std::filesystem::path& path, bool isDirectory) const;

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
