#include "driver/project_roots.h"

#include <filesystem>
#include <system_error>

#include "driver/folders_above.h"

namespace fs = std::filesystem;

namespace lightfix {

namespace {

bool isProjectFolder(const fs::path& dir) {
  std::error_code ec;
  for (const char* marker : {".git", "pyproject.toml", "setup.py", "setup.cfg"})
    if (fs::exists(dir / marker, ec)) return true;
  return false;
}

// `folder` is `bound` or below it.
bool within(const fs::path& folder, const fs::path& bound) {
  auto b = bound.begin();
  for (auto f = folder.begin(); b != bound.end(); ++f, ++b)
    if (f == folder.end() || *f != *b) return false;
  return true;
}

}  // namespace

fs::path withoutTrailingSlash(fs::path folder) {
  // "/repos/." normalises to "/repos/", whose last component is empty.
  while (!folder.has_filename() && folder.has_relative_path()) folder = folder.parent_path();
  return folder;
}

ReachedFrom::ReachedFrom(const std::vector<std::string>& paths) {
  std::error_code ec;
  for (const std::string& p : paths)
    if (p != "-" && fs::is_directory(p, ec))
      named_.insert(withoutTrailingSlash(fs::absolute(p, ec).lexically_normal()).string());
  here_ = fs::current_path(ec).string();
}

std::string ReachedFrom::folderOf(const std::string& path) const {
  std::error_code ec;
  std::string file = fs::absolute(path, ec).lexically_normal().string();
  std::string found;
  if (anyFolderAbove(file, [&](std::string folder) {
        if (!named_.count(folder)) return false;
        found = std::move(folder);
        return true;
      }))
    return found;
  if (anyFolderAbove(file, [&](std::string folder) {
        if (!fs::exists(fs::path(folder) / ".git", ec)) return false;
        found = std::move(folder);
        return true;
      }))
    return found;
  if (file.compare(0, here_.size(), here_) == 0) return here_;
  return fs::path(file).parent_path().string();
}

bool ReachedFrom::underNamedFolder(const std::string& path) const {
  std::error_code ec;
  std::string file = fs::absolute(path, ec).lexically_normal().string();
  return anyFolderAbove(file, [&](const std::string& folder) { return named_.count(folder) > 0; });
}

std::string ProjectRoots::rootOf(const std::string& path, const std::string& bound) {
  if (known_.size() > kRemembered) known_.clear();
  std::error_code ec;
  return lookUp(fs::absolute(path, ec).lexically_normal().parent_path(), bound);
}

const std::string& ProjectRoots::lookUp(const fs::path& folder, const std::string& bound) {
  auto key = std::make_pair(folder.string(), bound);
  auto it = known_.find(key);
  if (it != known_.end()) return it->second;
  std::string root;
  fs::path limit = withoutTrailingSlash(fs::path(bound).lexically_normal());
  if (within(folder, limit)) {
    // The outermost: a parent's answer wins over this folder's own marker.
    if (folder != limit && folder.has_parent_path()) root = lookUp(folder.parent_path(), bound);
    if (root.empty() && isProjectFolder(folder)) root = folder.string();
  }
  return known_[key] = root;
}

}  // namespace lightfix
