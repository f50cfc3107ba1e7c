#include "semantics/folders.h"

#include <filesystem>

namespace lightfix {

std::vector<std::string> foldersOf(const std::string& path) {
  std::vector<std::string> out;
  for (const std::filesystem::path& part :
       std::filesystem::path(path).lexically_normal().parent_path())
    out.push_back(part.string());
  return out;
}

size_t sharedFolders(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  size_t shared = 0;
  while (shared < a.size() && shared < b.size() && a[shared] == b[shared]) ++shared;
  return shared;
}

}  // namespace lightfix
