#include "driver/binary_identity.h"

#include <fmt/format.h>

#include <filesystem>

namespace lightfix {

const std::string& binaryIdentity() {
  static const std::string identity = [] {
    std::error_code ec;
    std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) return std::string();
    auto size = std::filesystem::file_size(exe, ec);
    if (ec) return std::string();
    auto time = std::filesystem::last_write_time(exe, ec).time_since_epoch().count();
    if (ec) return std::string();
    return fmt::format("{} {} {}", exe.string(), size, time);
  }();
  return identity;
}

}  // namespace lightfix
