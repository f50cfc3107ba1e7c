#include "driver/project_context.h"

#include <filesystem>
#include <unordered_set>

#include "cxx/cxx_paths.h"
#include "semantics/module_table.h"

namespace fs = std::filesystem;

namespace lightfix {

void addProjectContext(ProjectCheck& project, const std::vector<std::string>& checked,
                       const std::string& stdinName, const std::vector<ExcludePattern>& exclude) {
  std::unordered_set<std::string> known;
  for (const std::string& path : checked) known.insert(normalisedPath(path));
  for (const std::string& path : project.configs) known.insert(normalisedPath(path));
  if (!stdinName.empty()) known.insert(normalisedPath(stdinName));
  // Spelt as the named files are, absolute or from the current folder:
  // module lookups compare like paths, and a finding that quotes one reads
  // as the user wrote the others.
  std::error_code ec;
  fs::path here = fs::current_path(ec);
  const std::string& named = checked.empty() || checked[0] == "-" ? stdinName : checked[0];
  bool absoluteNames = fs::path(named).is_absolute();
  auto spelt = [&](const std::string& absolute) {
    return absoluteNames ? absolute : fs::path(absolute).lexically_proximate(here).string();
  };
  Discovery walk = discoverFiles({project.root}, exclude);
  for (const std::string& path : walk.files) {
    std::string absolute = normalisedPath(path);
    // C++ sources inform no Python model.
    if (!isCxxPath(path) && !known.count(absolute)) project.context.push_back(spelt(absolute));
  }
  for (const std::string& path : walk.configs) {
    std::string absolute = normalisedPath(path);
    if (!known.count(absolute)) project.configs.push_back(spelt(absolute));
  }
}

}  // namespace lightfix
