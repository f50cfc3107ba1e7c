#include "driver/exclude_list.h"

#include <fnmatch.h>

namespace lightfix {

void ExcludeList::add(const std::filesystem::path& base, std::string line) {
  if (!line.empty() && line.back() == '\r') line.pop_back();
  while (!line.empty() && line.back() == ' ') line.pop_back();
  if (line.empty() || line[0] == '#') return;
  Pattern p;
  p.base = base;
  if (line[0] == '!') {
    p.negated = true;
    line.erase(0, 1);
  }
  if (!line.empty() && line.back() == '/') {
    p.directoryOnly = true;
    line.pop_back();
  }
  if (!line.empty() && line[0] == '/') {
    p.anchored = true;
    line.erase(0, 1);
  }
  if (line.find('/') != std::string::npos) p.anchored = true;
  if (line.rfind("**/", 0) == 0) {  // `**/x` matches x at any depth
    p.anchored = false;
    line.erase(0, 3);
  }
  if (line.empty()) return;
  p.glob = line;
  patterns_.push_back(std::move(p));
}

bool ExcludeList::excluded(const std::filesystem::path& path, bool isDirectory) const {
  bool result = false;
  for (const Pattern& p : patterns_) {
    if (p.directoryOnly && !isDirectory) continue;
    // Patterns from a config are anchored at an absolute directory.
    std::filesystem::path relative =
        p.base.is_absolute() && !path.is_absolute()
            ? std::filesystem::absolute(path).lexically_normal().lexically_relative(p.base)
            : path.lexically_relative(p.base);
    std::string rel = relative.generic_string();
    if (rel.empty() || rel.rfind("..", 0) == 0) continue;
    bool match = p.anchored ? fnmatch(p.glob.c_str(), rel.c_str(), FNM_PATHNAME) == 0
                            : fnmatch(p.glob.c_str(), path.filename().c_str(), 0) == 0;
    if (match) result = !p.negated;
  }
  return result;
}

}  // namespace lightfix
