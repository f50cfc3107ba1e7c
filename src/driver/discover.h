#pragma once
// discover: the Python and C++ files under the given paths, in a stable order,
// honouring .gitignore and skipping virtualenvs, site-packages and caches.
// A path named explicitly is checked, unless --force-exclude excludes it.

#include <set>
#include <string>
#include <vector>

#include "cxx/cxx_paths.h"
#include "driver/path_list.h"

namespace lightfix {

struct Discovery {
  PathList files;               // Python and C++ sources
  std::set<std::string> named;  // files and configs named on the command line
  // Files that inform the project model: launcher scripts, YAML configs
  // (checked too) and JSON files (DeepSpeed configs).
  std::vector<std::string> configs;
  std::vector<std::string> errors;  // one line each, naming the path
};

// A .gitignore-style pattern and the folder it is relative to (the config's,
// or the current one for `--exclude`).
struct ExcludePattern {
  std::string base;
  std::string pattern;
};

// A launcher script, YAML config or JSON file (a DeepSpeed config): read
// into the project model, not parsed as a source.
bool isConfigPath(const std::string& path);
// A YAML config: checked by the rules, where the others only inform.
bool isYamlPath(const std::string& path);

// `exclude` applies below every path, as a .gitignore at its base would;
// with `forceExclude`, to a file named in `paths` too (as ruff's
// --force-exclude: pre-commit names every staged file).
Discovery discoverFiles(const std::vector<std::string>& paths,
                        const std::vector<ExcludePattern>& exclude = {}, bool forceExclude = false);

}  // namespace lightfix
