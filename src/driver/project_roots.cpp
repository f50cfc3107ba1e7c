#include "driver/project_roots.h"

#include <filesystem>
#include <system_error>

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

const std::string& ProjectRoots::rootOf(const std::string& path, const std::string& bound) {
  std::error_code ec;
  fs::path folder = fs::absolute(path, ec).lexically_normal().parent_path();
  auto key = std::make_pair(folder.string(), bound);
  auto it = known_.find(key);
  if (it != known_.end()) return it->second;
  std::string root;
  fs::path limit = withoutTrailingSlash(fs::path(bound).lexically_normal());
  if (within(folder, limit)) {
    // The outermost: a parent's answer wins over this folder's own marker.
    if (folder != limit && folder.has_parent_path())
      root = rootOf((folder.parent_path() / "x").string(), bound);
    if (root.empty() && isProjectFolder(folder)) root = folder.string();
  }
  return known_[key] = root;
}

}  // namespace lightfix
