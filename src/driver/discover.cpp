#include "driver/discover.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <string_view>
#include <system_error>
#include <unordered_set>

#include "driver/exclude_list.h"
#include "driver/folders_above.h"
#include "driver/git_ignores.h"
#include "driver/project_roots.h"
#include "model/config_files.h"

namespace fs = std::filesystem;

namespace lightfix {

namespace {

bool skippedDirectory(const fs::path& dir) {
  static const std::set<std::string> names = {".git",
                                              ".hg",
                                              ".svn",
                                              ".tox",
                                              ".nox",
                                              ".venv",
                                              "venv",
                                              ".mypy_cache",
                                              ".pytest_cache",
                                              ".ruff_cache",
                                              "__pycache__",
                                              "__pypackages__",
                                              "node_modules",
                                              "site-packages",
                                              "dist-packages",
                                              ".eggs",
                                              ".ipynb_checkpoints"};
  if (names.count(dir.filename().string())) return true;
  std::error_code ec;
  return fs::exists(dir / "pyvenv.cfg", ec);  // a virtualenv under any name
}

struct Walk {
  const ExcludeList& excluded;
  GitIgnores& git;
  Discovery& out;
};

void walkDirectory(const fs::path& dir, const GitIgnores::Place& place, Walk& walk) {
  std::error_code ec;
  fs::directory_iterator it(dir, fs::directory_options::none, ec);
  if (ec) {
    walk.out.errors.push_back(dir.lexically_normal().string() +
                              ": cannot read directory: " + ec.message());
    return;
  }
  std::vector<fs::directory_entry> entries;
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) break;
    entries.push_back(*it);
  }
  std::sort(entries.begin(), entries.end());
  for (const fs::directory_entry& entry : entries) {
    const fs::path& path = entry.path();
    // Symlinks are not followed: no loops, nothing outside the roots, and
    // nothing written through a link.
    if (entry.is_symlink(ec)) continue;
    bool directory = entry.is_directory(ec);
    if (walk.excluded.excluded(path, directory)) continue;
    if (directory) {
      if (skippedDirectory(path)) continue;
      if (walk.git.ignored(place, path.filename().string(), true)) continue;
      walkDirectory(path, walk.git.child(place, path), walk);
      continue;
    }
    bool config = isConfigPath(path.string());
    bool python = !config && (path.extension() == ".py" || path.extension() == ".ipynb" ||
                              isCxxPath(path.string()));
    if (!(python || config) || !entry.is_regular_file(ec)) continue;
    if (walk.git.ignored(place, path.filename().string(), false)) continue;
    std::string normal = path.lexically_normal().string();
    if (python) {
      walk.out.files.push_back(normal);
    } else {
      walk.out.configs.push_back(std::move(normal));
    }
  }
}

// Whether two of the paths may reach the same file: one is at or below
// another. Only then are the files compared, so that a fleet named one
// repository at a time is not held twice.
bool mayOverlap(const std::vector<std::string>& paths) {
  std::unordered_set<std::string> named;
  for (const std::string& p : paths) {
    std::error_code ec;
    std::string normal =
        p == "-" ? p : withoutTrailingSlash(fs::absolute(p, ec).lexically_normal()).string();
    if (!named.insert(normal).second) return true;
  }
  return std::any_of(named.begin(), named.end(), [&](const std::string& n) {
    return anyFolderAbove(n, [&](const std::string& folder) { return named.count(folder) > 0; });
  });
}

// Whether a named file, or a folder it is in, is excluded.
bool excludedWithFolders(const ExcludeList& excluded, const fs::path& file) {
  fs::path path = fs::absolute(file).lexically_normal();
  if (excluded.excluded(path, false)) return true;
  for (fs::path folder = path.parent_path(); folder != folder.root_path();
       folder = folder.parent_path())
    if (excluded.excluded(folder, true)) return true;
  return false;
}

}  // namespace

bool isYamlPath(const std::string& path) {
  std::string extension = fs::path(path).extension().string();
  return extension == ".yaml" || extension == ".yml";
}

bool isConfigPath(const std::string& path) {
  std::string extension = fs::path(path).extension().string();
  return extension == ".json" || isYamlPath(path) || isLauncherPath(path);
}

Discovery discoverFiles(const std::vector<std::string>& paths,
                        const std::vector<ExcludePattern>& exclude, bool forceExclude) {
  Discovery out;
  ExcludeList excluded;
  for (const ExcludePattern& e : exclude) excluded.add(fs::absolute(e.base), e.pattern);
  GitIgnores git;
  Walk walk{excluded, git, out};
  for (const std::string& p : paths) {
    if (p == "-") {
      out.files.push_back(p);
      continue;
    }
    std::error_code ec;
    fs::file_status status = fs::status(p, ec);
    if (ec || !fs::exists(status)) {
      // A symlink loop says so; a missing path, or a link to one, is ENOENT.
      out.errors.push_back(p + ": " + (ec ? ec.message() : "No such file or directory"));
    } else if (fs::is_directory(status)) {
      fs::path root = fs::path(p).lexically_normal();
      walkDirectory(root, git.enclosing(root), walk);
    } else if (!forceExclude || !excludedWithFolders(excluded, p)) {
      if (isConfigPath(p)) {
        out.configs.push_back(p);
      } else {
        out.files.push_back(p);
      }
      out.named.insert(p);
    }
  }
  // Two roots may overlap; each file is checked once.
  if (mayOverlap(paths)) {
    std::unordered_set<std::string> seen;
    std::vector<bool> first(out.files.size());
    for (size_t i = 0; i < out.files.size(); ++i) first[i] = seen.insert(out.files[i]).second;
    out.files.keepOnly(first);
  }
  return out;
}

}  // namespace lightfix
