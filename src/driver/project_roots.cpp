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

}  // namespace

const std::string& ProjectRoots::rootOf(const std::string& path) {
  std::error_code ec;
  fs::path folder = fs::absolute(path, ec).lexically_normal().parent_path();
  auto known = byFolder_.find(folder.string());
  if (known != byFolder_.end()) return known->second;
  // The outermost: a parent's answer wins over this folder's own marker.
  std::string root;
  if (folder.has_parent_path() && folder.parent_path() != folder)
    root = rootOf((folder.parent_path() / "x").string());
  if (root.empty() && isProjectFolder(folder)) root = folder.string();
  return byFolder_[folder.string()] = root;
}

}  // namespace lightfix
