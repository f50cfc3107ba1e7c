#pragma once
// discover: the Python files under the given paths, in a stable order,
// honouring .gitignore and skipping virtualenvs, site-packages and caches.
// A path named explicitly is always checked.

#include <string>
#include <vector>

namespace lightfix {

struct Discovery {
  std::vector<std::string> files;
  std::vector<std::string> errors;  // one line each, naming the path
};

Discovery discoverFiles(const std::vector<std::string>& paths);

}  // namespace lightfix
