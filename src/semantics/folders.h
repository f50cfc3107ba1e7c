#pragma once
// How near two files of a project are: the folders they share.

#include <cstddef>
#include <string>
#include <vector>

namespace lightfix {

// The folders of `path` from the top (`a/b/c.py`: `a`, `b`).
std::vector<std::string> foldersOf(const std::string& path);
// How many leading folders two files share.
size_t sharedFolders(const std::vector<std::string>& a, const std::vector<std::string>& b);

}  // namespace lightfix
