#include "driver/cache_files.h"

#include <fmt/format.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "core/environment.h"

namespace lightfix {

std::string defaultCacheDir() {
  if (envSwitch("LIGHTFIX_NO_CACHE")) return {};
  if (const char* dir = envValue("LIGHTFIX_CACHE_DIR")) return dir;
  if (const char* dir = envValue("XDG_CACHE_HOME")) return std::string(dir) + "/lightfix";
  if (const char* home = envValue("HOME")) return std::string(home) + "/.cache/lightfix";
  return {};
}

bool makeCacheFolder(const std::string& dir) {
  if (llvm::sys::fs::exists(dir)) return true;
  if (llvm::sys::fs::create_directories(dir)) return false;
  // Backup and archiving tools leave out a folder so marked.
  std::error_code ec;
  llvm::raw_fd_ostream tag(dir + "/CACHEDIR.TAG", ec);
  if (!ec)
    tag << "Signature: 8a477f597d28d172789f06886806bc55\n"
           "# This file is a cache directory tag created by lightfix.\n";
  return true;
}

bool writeCacheFile(const std::string& dir, std::string_view prefix, std::string_view bytes,
                    const std::string& path) {
  llvm::SmallString<256> temporary;
  int fd = -1;
  if (llvm::sys::fs::createUniqueFile(fmt::format("{}/{}-%%%%%%%%.tmp", dir, prefix), fd,
                                      temporary))
    return false;
  {
    llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
    out << llvm::StringRef(bytes.data(), bytes.size());
    out.close();
    if (out.has_error()) {
      out.clear_error();
      llvm::sys::fs::remove(temporary);
      return false;
    }
  }
  if (llvm::sys::fs::rename(temporary, path)) {
    llvm::sys::fs::remove(temporary);
    return false;
  }
  return true;
}

void removeUntouched(const std::string& dir, std::initializer_list<std::string_view> extensions,
                     int days) {
  std::error_code ec;
  auto cutoff = std::filesystem::file_time_type::clock::now() - std::chrono::hours(24 * days);
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::filesystem::path& path = it->path();
    std::string ext = path.extension().string();
    if (std::find(extensions.begin(), extensions.end(), ext) == extensions.end()) continue;
    std::error_code timeError;
    if (std::filesystem::last_write_time(path, timeError) < cutoff && !timeError)
      std::filesystem::remove(path, timeError);
  }
}

}  // namespace lightfix
