#pragma once
// Which project a file belongs to: the outermost folder above it that is a
// repository or a Python project (it holds .git, pyproject.toml, setup.py or
// setup.cfg). Files of one project are modelled and linked together; a
// fleet of repositories is checked one repository at a time, so memory
// follows the largest repository, not the fleet.

#include <map>
#include <string>

namespace lightfix {

class ProjectRoots {
 public:
  // The project's folder, or "" for a file under no such folder.
  const std::string& rootOf(const std::string& path);

 private:
  std::map<std::string, std::string> byFolder_;  // folder -> its answer
};

}  // namespace lightfix
