#include "driver/git_ignores.h"

#include <system_error>

#include "core/read_file.h"
#include "driver/git_config.h"

namespace fs = std::filesystem;

namespace lightfix {

namespace {

// The file's text, or nothing for one that is missing or unreadable.
std::string contentsOf(const fs::path& file) {
  std::string text;
  if (!readWholeFile(file.string(), text)) text.clear();
  return text;
}

// The git directory whose info/exclude and config a work tree uses: `.git`
// itself, or for a `.git` file (a linked work tree, a submodule) the
// directory it names, or that one's common directory.
fs::path commonGitDir(const fs::path& top) {
  fs::path dotGit = top / ".git";
  std::error_code ec;
  if (fs::is_directory(dotGit, ec)) return dotGit;
  std::string text = contentsOf(dotGit);
  const std::string prefix = "gitdir:";
  if (text.rfind(prefix, 0) != 0) return dotGit;
  std::string named = text.substr(prefix.size());
  named.erase(0, named.find_first_not_of(" \t"));
  named.erase(named.find_last_not_of(" \t\r\n") + 1);
  fs::path gitDir = fs::path(named).is_absolute() ? fs::path(named) : top / named;
  std::string common = contentsOf(gitDir / "commondir");
  common.erase(common.find_last_not_of(" \t\r\n") + 1);
  if (common.empty()) return gitDir;
  return fs::path(common).is_absolute() ? fs::path(common) : gitDir / common;
}

void append(std::vector<IgnorePattern>& to, const fs::path& file) {
  if (file.empty()) return;
  for (IgnorePattern& p : parseIgnoreLines(contentsOf(file))) to.push_back(std::move(p));
}

GitIgnores::Place topOf(const fs::path& top) {
  auto level = std::make_shared<GitIgnores::Level>();
  fs::path gitDir = commonGitDir(top);
  append(level->patterns, globalExcludesFile(gitDir));
  append(level->patterns, gitDir / "info" / "exclude");
  append(level->patterns, top / ".gitignore");
  return {std::move(level), ""};
}

bool holdsGit(const fs::path& dir) {
  std::error_code ec;
  return fs::exists(dir / ".git", ec);
}

}  // namespace

GitIgnores::Place GitIgnores::enclosing(const fs::path& dir) {
  std::error_code ec;
  fs::path absolute = fs::weakly_canonical(fs::absolute(dir, ec), ec);
  fs::path top = absolute;
  while (!holdsGit(top)) {
    if (top == top.root_path() || top.empty()) return {};
    top = top.parent_path();
  }
  // Down from the top, as a walk would come: a folder on the way that git
  // ignores leaves `dir` outside git's rules.
  Place place = topOf(top);
  fs::path folder = top;
  for (const fs::path& name : absolute.lexically_relative(top)) {
    if (name == ".") break;
    if (ignored(place, name.string(), true)) return {};
    folder /= name;
    place = child(place, folder);
  }
  return place;
}

GitIgnores::Place GitIgnores::child(const Place& parent, const fs::path& dir) {
  if (holdsGit(dir)) return topOf(dir);  // a nested repository, a submodule
  if (!parent.level) return {};
  std::string relative = parent.relative.empty() ? dir.filename().string()
                                                 : parent.relative + "/" + dir.filename().string();
  std::vector<IgnorePattern> own;
  append(own, dir / ".gitignore");
  if (own.empty()) return {parent.level, std::move(relative)};
  auto level = std::make_shared<Level>(Level{parent.level, relative, std::move(own)});
  return {std::move(level), std::move(relative)};
}

bool GitIgnores::ignored(const Place& parent, const std::string& name, bool isDirectory) const {
  std::string path = parent.relative.empty() ? name : parent.relative + "/" + name;
  // The deepest folder's patterns first, each file's last match first.
  for (const Level* level = parent.level.get(); level; level = level->parent.get()) {
    std::string_view below(path);
    if (!level->relative.empty()) below.remove_prefix(level->relative.size() + 1);
    for (auto p = level->patterns.rbegin(); p != level->patterns.rend(); ++p)
      if (p->matches(below, isDirectory)) return !p->negated();
  }
  return false;
}

}  // namespace lightfix
