#include "cxx/cxx_paths.h"

#include <filesystem>

namespace lightfix {

bool isCxxHeader(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  return ext == ".h" || ext == ".hh" || ext == ".hpp" || ext == ".hxx";
}

bool isCxxPath(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  return ext == ".cpp" || ext == ".cc" || ext == ".cxx" || isCxxHeader(path);
}

}  // namespace lightfix
