#include "edit/atomic_write.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "core/read_file.h"

namespace lightfix {

std::string writeFileAtomically(const std::string& path, const std::string& expectedOld,
                                const std::string& contents) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return std::string("cannot stat: ") + std::strerror(errno);
  // Renaming over a link would replace the link, and writing through it could
  // reach outside the folders being fixed: neither is done.
  if (S_ISLNK(st.st_mode)) return "a symbolic link; not written (fix the file it points to)";
  // The rename needs only the folder writable; a read-only file stays as it
  // is, as it would for a tool writing in place.
  if (::access(path.c_str(), W_OK) != 0)
    return std::string("cannot write: ") + std::strerror(errno) + "; left as it is";
  std::string now;
  std::string why;
  if (!readWholeFile(path, now, &why)) return "cannot re-read the file before writing: " + why;
  if (now != expectedOld) return "changed on disk while being fixed; left as it is";

  std::vector<char> tmpl(path.begin(), path.end());
  const char suffix[] = ".lightfix-XXXXXX";
  tmpl.insert(tmpl.end(), suffix, suffix + sizeof(suffix));
  int fd = ::mkstemp(tmpl.data());
  if (fd < 0) return std::string("cannot create a temporary file: ") + std::strerror(errno);
  std::string tmp(tmpl.data());
  auto fail = [&](const char* what) {
    std::string reason = std::string(what) + ": " + std::strerror(errno);
    ::close(fd);
    ::unlink(tmp.c_str());
    return reason;
  };
  for (size_t done = 0; done < contents.size();) {
    ssize_t n = ::write(fd, contents.data() + done, contents.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return fail("cannot write");
    }
    done += static_cast<size_t>(n);
  }
  if (::fchmod(fd, st.st_mode & 07777) != 0) return fail("cannot keep the file mode");
  // Ownership is kept where we may; a user fixing their own files may not chown.
  if (::fchown(fd, st.st_uid, st.st_gid) != 0 && errno != EPERM) return fail("cannot chown");
  if (::fsync(fd) != 0) return fail("cannot flush to disk");
  if (::close(fd) != 0) {
    ::unlink(tmp.c_str());
    return std::string("cannot close: ") + std::strerror(errno);
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    std::string reason = std::string("cannot replace the file: ") + std::strerror(errno);
    ::unlink(tmp.c_str());
    return reason;
  }
  return {};
}

}  // namespace lightfix
