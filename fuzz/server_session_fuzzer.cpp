// libFuzzer entry point: bytes as an editor's session with `lightfix server`
// (fuzz/server_session.h). Build with -DLIGHTFIX_FUZZ=ON (clang); see
// docs/robustness.md.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "server_session.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // The project is written once, in a folder of this process's own.
  static const std::string folder = (std::filesystem::temp_directory_path() /
                                     ("lightfix-server-fuzz-" + std::to_string(getpid())))
                                        .string();
  lightfix::runServerSession(std::string_view(reinterpret_cast<const char*>(data), size), folder);
  return 0;
}
