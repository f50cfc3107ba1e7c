#pragma once
// The folders above a path, read off its slashes: "/a/b/c.py" has "/a/b",
// "/a" and "/". Lookups by folder (the folders named on the command line,
// the repositories of a report) ask these instead of comparing the path with
// every folder they hold.

#include <string>
#include <string_view>

namespace lightfix {

// Calls `visit(folder)` for each folder strictly above `path`, deepest
// first, until it returns true; whether it did. `path` as spelt: normalise
// it first.
template <typename Visit>
bool anyFolderAbove(std::string_view path, Visit visit) {
  for (size_t slash = path.rfind('/'); slash != std::string_view::npos;
       slash = slash == 0 ? std::string_view::npos : path.rfind('/', slash - 1)) {
    std::string folder(slash == 0 ? path.substr(0, 1) : path.substr(0, slash));
    if (folder != path && visit(folder)) return true;
  }
  return false;
}

}  // namespace lightfix
