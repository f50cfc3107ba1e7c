#include "semantics/module_table.h"

#include <algorithm>
#include <filesystem>

namespace fs = std::filesystem;

namespace lightfix {

std::string normalisedPath(const std::string& path) {
  // Absolute: a file named from below its project (`lit.py` from `pkg/`)
  // is still `pkg.lit` to the files around it, spelt `../train.py`.
  std::error_code ec;
  return fs::absolute(path, ec).lexically_normal().generic_string();
}

namespace {

constexpr std::string_view kPy = ".py";
constexpr std::string_view kInit = "/__init__";

bool endsWith(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// `a/b/c.py` names `a.b.c`, `a/b/__init__.py` names `a.b`; a folder whose
// name holds a dot cannot be imported.
std::string moduleNameOf(std::string_view tail) {
  if (!endsWith(tail, kPy)) return {};
  tail.remove_suffix(kPy.size());
  if (tail == "__init__") return {};
  if (endsWith(tail, kInit)) tail.remove_suffix(kInit.size());
  if (tail.find('.') != std::string_view::npos) return {};
  std::string name(tail);
  std::replace(name.begin(), name.end(), '/', '.');
  return name;
}

}  // namespace

void ModuleTable::add(const std::string& path) {
  size_t index = paths_.size();
  paths_.push_back(normalisedPath(path));
  const std::string& p = paths_.back();
  byPath_.emplace(p, index);
  byGivenPath_.emplace(path, index);
  // Every '/'-bounded tail of the path is a name the file can be imported by.
  for (size_t start = 0; start != std::string::npos;) {
    std::string name = moduleNameOf(std::string_view(p).substr(start));
    if (!name.empty()) {
      auto [it, added] = byModule_.emplace(name, index);
      if (!added) {
        ambiguous_.insert(name);
        if (p.size() < paths_[it->second].size()) it->second = index;
      }
    }
    size_t slash = p.find('/', start);
    start = slash == std::string::npos ? slash : slash + 1;
  }
}

std::string ModuleTable::normalised(const std::string& path) const {
  auto it = byGivenPath_.find(path);
  return it == byGivenPath_.end() ? normalisedPath(path) : paths_[it->second];
}

int ModuleTable::find(const std::string& fromPath, std::string_view name) const {
  if (name.empty() || name[0] != '.') {
    std::string module(name);
    auto it = byModule_.find(module);
    if (it == byModule_.end()) return -1;
    if (ambiguous_.count(module) == 0) return static_cast<int>(it->second);
    // The importing script's folder is first on `sys.path`, and a folder
    // above it is where such a script is run from: the nearest file of that
    // name wins, so that each of several sub-projects (`v4/src/model.py`,
    // `v5/src/model.py`) imports its own.
    std::string rest(name);
    std::replace(rest.begin(), rest.end(), '.', '/');
    for (fs::path dir = fs::path(normalised(fromPath)).parent_path(); !dir.empty();
         dir = dir.parent_path()) {
      if (int found = fileAt((dir / rest).generic_string()); found >= 0) return found;
      if (dir == dir.parent_path()) break;
    }
    return static_cast<int>(it->second);
  }
  // `.base` is a sibling of the importing file; each further dot goes up.
  size_t dots = name.find_first_not_of('.');
  if (dots == std::string_view::npos) dots = name.size();
  fs::path dir = fs::path(normalised(fromPath)).parent_path();
  for (size_t i = 1; i < dots; ++i) dir = dir.parent_path();
  std::string rest(name.substr(dots));
  std::replace(rest.begin(), rest.end(), '.', '/');
  return fileAt((rest.empty() ? dir : dir / rest).lexically_normal().generic_string());
}

int ModuleTable::fileAt(const std::string& target) const {
  for (const std::string& candidate : {target + ".py", target + "/__init__.py"})
    if (auto it = byPath_.find(candidate); it != byPath_.end()) return static_cast<int>(it->second);
  return -1;
}

}  // namespace lightfix
