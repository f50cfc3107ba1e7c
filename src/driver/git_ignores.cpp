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
  kept_.reset();
  git_libgit2_shutdown();
}

namespace {

fs::path absoluteOf(const fs::path& dir) {
  std::error_code ec;
  return fs::weakly_canonical(fs::absolute(dir, ec), ec);
}

git_repository* openAt(const fs::path& absolute, bool search) {
  git_repository* repo = nullptr;
  if (git_repository_open_ext(&repo, absolute.c_str(), search ? 0 : GIT_REPOSITORY_OPEN_NO_SEARCH,
                              nullptr) != 0)
    return nullptr;
  return repo;
}

}  // namespace

GitIgnores::Place GitIgnores::placeOf(git_repository* repo, const fs::path& dir) {
  const char* workdir = git_repository_workdir(repo);
  if (!workdir) return {};  // bare: no work tree to ignore in
  std::error_code ec;
  std::string relative = dir.lexically_relative(fs::weakly_canonical(workdir, ec)).generic_string();
  return {repo, relative == "." ? std::string() : relative};
}

GitIgnores::Place GitIgnores::enclosing(const fs::path& dir) {
  repositories_.clear();
  fs::path absolute = absoluteOf(dir);
  git_repository* repo = openAt(absolute, true);
  if (!repo) return {};
  if (kept_ && std::string(git_repository_path(kept_.get())) == git_repository_path(repo)) {
    git_repository_free(repo);
    repo = kept_.get();
  } else {
    kept_ = Repository(repo, git_repository_free);
  }
  Place place = placeOf(repo, absolute);
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
    fs::path absolute = absoluteOf(dir);
    if (git_repository* repo = openAt(absolute, false)) {
      repositories_.emplace_back(repo, git_repository_free);
      Place nested = placeOf(repo, absolute);
      if (nested.repository) return nested;
    }
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
