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
  // The work tree holding `dir`, searched for upward as git does.
  Place enclosing(const std::filesystem::path& dir);
  // `dir`, a child `name` of `parent`: a new work tree if it holds `.git`.
  Place child(const Place& parent, const std::filesystem::path& dir);

  bool ignored(const Place& parent, const std::string& name) const;

 private:
  Place open(const std::filesystem::path& dir, bool search);
  std::vector<std::unique_ptr<git_repository, void (*)(git_repository*)>> repositories_;
};

}  // namespace lightfix
