#include "driver/path_list.h"

#include <limits>
#include <stdexcept>

namespace lightfix {

PathList::PathList(std::initializer_list<std::string_view> paths) {
  for (std::string_view p : paths) push_back(p);
}

PathList::Span PathList::append(std::string_view s) {
  if (chars_.size() + s.size() > std::numeric_limits<uint32_t>::max())
    throw std::length_error("more than 4 GB of paths");
  Span span{static_cast<uint32_t>(chars_.size()), static_cast<uint32_t>(s.size())};
  chars_.append(s);
  return span;
}

void PathList::push_back(std::string_view path) {
  size_t slash = path.rfind('/');
  Entry entry{kNoFolder, {}};
  if (slash != std::string_view::npos) {
    std::string_view folder = path.substr(0, slash);
    // A folder's files mostly come one after another, as a walk finds them.
    if (folders_.empty() || text(folders_.back()) != folder) folders_.push_back(append(folder));
    entry.folder = static_cast<uint32_t>(folders_.size() - 1);
    path.remove_prefix(slash + 1);
  }
  entry.name = append(path);
  entries_.push_back(entry);
}

std::string PathList::operator[](size_t i) const {
  const Entry& e = entries_[i];
  std::string path;
  if (e.folder != kNoFolder) {
    std::string_view folder = text(folders_[e.folder]);
    path.reserve(folder.size() + 1 + e.name.length);
    path.append(folder).push_back('/');
  }
  path.append(text(e.name));
  return path;
}

void PathList::keepOnly(const std::vector<bool>& keep) {
  size_t kept = 0;
  for (size_t i = 0; i < entries_.size(); ++i)
    if (keep[i]) entries_[kept++] = entries_[i];
  entries_.resize(kept);
}

}  // namespace lightfix
