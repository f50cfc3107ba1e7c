#include "driver/git_ignores.h"

#include <git2.h>

#include <system_error>

namespace fs = std::filesystem;

namespace lightfix {

GitIgnores::GitIgnores() {
  git_libgit2_init();
  // Only ignore rules are read, never config that runs anything: a work
  // tree owned by another user is as safe to read as git check-ignore is.
  git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, 0);
}

GitIgnores::~GitIgnores() {
  repositories_.clear();
  git_libgit2_shutdown();
}

GitIgnores::Place GitIgnores::open(const fs::path& dir, bool search) {
  git_repository* repo = nullptr;
  std::error_code ec;
  fs::path absolute = fs::weakly_canonical(fs::absolute(dir, ec), ec);
  if (git_repository_open_ext(&repo, absolute.c_str(), search ? 0 : GIT_REPOSITORY_OPEN_NO_SEARCH,
                              nullptr) != 0)
    return {};
  repositories_.emplace_back(repo, git_repository_free);
  const char* workdir = git_repository_workdir(repo);
  if (!workdir) return {};  // bare: no work tree to ignore in
  std::string relative =
      absolute.lexically_relative(fs::weakly_canonical(workdir, ec)).generic_string();
  return {repo, relative == "." ? std::string() : relative};
}

GitIgnores::Place GitIgnores::enclosing(const fs::path& dir) {
  Place place = open(dir, true);
  // A folder named on the command line is checked even if git ignores it;
  // so is what it holds, which git would ignore with it.
  if (place.repository && !place.relative.empty()) {
    int ignored = 0;
    if (git_ignore_path_is_ignored(&ignored, place.repository, place.relative.c_str()) == 0 &&
        ignored)
      return {};
  }
  return place;
}

GitIgnores::Place GitIgnores::child(const Place& parent, const fs::path& dir) {
  std::error_code ec;
  // A nested repository or a submodule has its own rules.
  if (fs::exists(dir / ".git", ec)) {
    Place nested = open(dir, false);
    if (nested.repository) return nested;
  }
  if (!parent.repository) return {};
  std::string name = dir.filename().string();
  return {parent.repository, parent.relative.empty() ? name : parent.relative + "/" + name};
}

bool GitIgnores::ignored(const Place& parent, const std::string& name) const {
  if (!parent.repository) return false;
  std::string path = parent.relative.empty() ? name : parent.relative + "/" + name;
  int ignored = 0;
  return git_ignore_path_is_ignored(&ignored, parent.repository, path.c_str()) == 0 && ignored;
}

}  // namespace lightfix
