#pragma once
// What git ignores in a work tree, by git's rules (gitignore(5)): the
// `.gitignore` of every folder from the work tree's top down, a deeper one
// winning, above `.git/info/exclude`, above the user's global excludes
// (core.excludesFile, else ~/.config/git/ignore). As in ruff and ripgrep,
// they count only inside a git work tree; a nested repository or submodule
// has its own.

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "driver/ignore_pattern.h"

namespace lightfix {

class GitIgnores {
 public:
  // The patterns that apply in one folder: its own ignore files, then its
  // parent's, up to the work tree's top.
  struct Level {
    std::shared_ptr<const Level> parent;  // null at the top
    std::string relative;                 // the folder, relative to the top ("" there)
    std::vector<IgnorePattern> patterns;  // in order: a later match wins
  };
  // A directory of some work tree, as a walk sees it.
  struct Place {
    std::shared_ptr<const Level> level;  // null outside any work tree
    std::string relative;                // the directory, relative to the work tree
  };

  // The work tree holding `dir`, searched for upward as git does. A folder
  // git ignores (or one below it) is outside: named on the command line, it
  // is checked whole.
  Place enclosing(const std::filesystem::path& dir);
  // `dir`, a child of `parent`'s folder: a new work tree if it holds `.git`.
  Place child(const Place& parent, const std::filesystem::path& dir);

  bool ignored(const Place& parent, const std::string& name, bool isDirectory) const;
};

}  // namespace lightfix
