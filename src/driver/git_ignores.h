#pragma once
// What git ignores, asked of libgit2 so that every rule git applies is
// applied: `.gitignore` files at every level, `.git/info/exclude` and the
// user's global excludes (`core.excludesFile`, `~/.config/git/ignore`). As
// in ruff and ripgrep, they count only inside a git work tree.

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

struct git_repository;

namespace lightfix {

class GitIgnores {
 public:
  GitIgnores();
  ~GitIgnores();
  GitIgnores(const GitIgnores&) = delete;
  GitIgnores& operator=(const GitIgnores&) = delete;

  // A directory of some work tree, as a walk sees it.
  struct Place {
    git_repository* repository = nullptr;  // null outside any work tree
    std::string relative;                  // the directory, relative to the work tree
  };
  // The work tree holding `dir`, searched for upward as git does. Each call
  // begins a new walk: the repositories the last one opened are let go, but
  // for its work tree, kept in case the next root is inside it too (a fleet
  // named one repository at a time inside one checkout), so that memory does
  // not grow with the roots.
  Place enclosing(const std::filesystem::path& dir);
  // `dir`, a child `name` of `parent`: a new work tree if it holds `.git`.
  Place child(const Place& parent, const std::filesystem::path& dir);

  bool ignored(const Place& parent, const std::string& name) const;

 private:
  using Repository = std::unique_ptr<git_repository, void (*)(git_repository*)>;
  static Place placeOf(git_repository* repo, const std::filesystem::path& dir);

  Repository kept_{nullptr, nullptr};     // the last walk's enclosing work tree
  std::vector<Repository> repositories_;  // those this walk opened inside it
};

}  // namespace lightfix
