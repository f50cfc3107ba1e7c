#include "driver/discover.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <system_error>

#include "driver/gitignore.h"

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

void walkDirectory(const fs::path& root, GitIgnore ignore, Discovery& out) {
  std::error_code ec;
  fs::directory_iterator it(root, fs::directory_options::none, ec);
  if (ec) {
    out.errors.push_back(root.string() + ": cannot read directory: " + ec.message());
    return;
  }
  ignore.load(root);
  std::vector<fs::directory_entry> entries;
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) break;
    entries.push_back(*it);
  }
  std::sort(entries.begin(), entries.end());
  for (const fs::directory_entry& entry : entries) {
    const fs::path& path = entry.path();
    // Symlinked directories are not followed: no loops, nothing outside.
    bool directory = entry.is_directory(ec) && !entry.is_symlink(ec);
    if (ignore.ignored(path, directory)) continue;
    if (directory) {
      if (!skippedDirectory(path)) walkDirectory(path, ignore, out);
    } else if (path.extension() == ".py" && entry.is_regular_file(ec)) {
      out.files.push_back(path.lexically_normal().string());
    } else if ((path.extension() == ".sh" || path.extension() == ".yaml" ||
                path.extension() == ".yml") &&
               entry.is_regular_file(ec)) {
      out.configs.push_back(path.lexically_normal().string());
    }
  }
}

}  // namespace

Discovery discoverFiles(const std::vector<std::string>& paths,
                        const std::vector<ExcludePattern>& exclude) {
  Discovery out;
  GitIgnore excluded;
  for (const ExcludePattern& e : exclude) excluded.add(fs::absolute(e.base), e.pattern);
  for (const std::string& p : paths) {
    if (p == "-") {
      out.files.push_back(p);
      continue;
    }
    std::error_code ec;
    fs::file_status status = fs::status(p, ec);
    if (ec || !fs::exists(status)) {
      out.errors.push_back(p + ": No such file or directory");
    } else if (fs::is_directory(status)) {
      walkDirectory(fs::path(p).lexically_normal(), excluded, out);
    } else {
      out.files.push_back(p);
    }
  }
  // Two roots may overlap; each file is checked once.
  std::vector<std::string> unique;
  std::set<std::string> seen;
  for (std::string& f : out.files)
    if (seen.insert(f).second) unique.push_back(std::move(f));
  out.files = std::move(unique);
  return out;
}

}  // namespace lightfix
