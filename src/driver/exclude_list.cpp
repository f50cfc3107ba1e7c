#include "driver/exclude_list.h"

namespace lightfix {

void ExcludeList::add(const std::filesystem::path& base, const std::string& line) {
  if (std::optional<IgnorePattern> p = IgnorePattern::parse(line))
    patterns_.push_back({base, std::move(*p)});
}

bool ExcludeList::excluded(const std::filesystem::path& path, bool isDirectory) const {
  bool result = false;
  for (const Based& b : patterns_) {
    // Patterns from a config are anchored at an absolute directory.
    std::filesystem::path relative =
        b.base.is_absolute() && !path.is_absolute()
            ? std::filesystem::absolute(path).lexically_normal().lexically_relative(b.base)
            : path.lexically_relative(b.base);
    std::string rel = relative.generic_string();
    if (rel.empty() || rel.rfind("..", 0) == 0) continue;
    if (b.pattern.matches(rel, isDirectory)) result = !b.pattern.negated();
  }
  return result;
}

}  // namespace lightfix
