#include "cxx/resource_dir.h"

#include <filesystem>
#include <system_error>

namespace fs = std::filesystem;

namespace lightfix {

std::string clangResourceDir() {
  static const std::string dir = [] {
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
      fs::path beside = exe.parent_path().parent_path() / "lib" / "lightfix" / "clang";
      if (fs::exists(beside / "include" / "stddef.h", ec)) return beside.string();
    }
    return std::string(LIGHTFIX_CLANG_RESOURCE_DIR);
  }();
  return dir;
}

}  // namespace lightfix
