#include "core/read_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

namespace lightfix {

bool readWholeFile(const std::string& path, std::string& text, std::string* why) {
  // POSIX calls rather than a stream, so that the reason (errno) is known.
  auto fail = [&] {
    if (why) *why = std::strerror(errno);
    return false;
  };
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return fail();
  std::string out;
  std::array<char, 1 << 16> buf{};
  for (;;) {
    ssize_t n = ::read(fd, buf.data(), buf.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      bool failed = fail();
      ::close(fd);
      return failed;
    }
    if (n == 0) break;
    out.append(buf.data(), static_cast<size_t>(n));
  }
  ::close(fd);
  text = std::move(out);
  return true;
}

}  // namespace lightfix
