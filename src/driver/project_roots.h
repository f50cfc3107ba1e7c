#pragma once
// Which project a file belongs to: the outermost folder, at or below the
// folder the run reached it from, that is a repository or a Python project
// (it holds .git, pyproject.toml, setup.py or setup.cfg). Files of one
// project are modelled and linked together; a fleet of repositories is
// checked one repository at a time, so memory follows the largest
// repository, not the fleet. Files under no such folder form one project.

#include <filesystem>
#include <map>
#include <string>
#include <utility>

namespace lightfix {

// `/repos/` as `/repos`: the folder a path such as `.` normalises to, with
// no empty last component to stop a comparison of components.
std::filesystem::path withoutTrailingSlash(std::filesystem::path folder);

class ProjectRoots {
 public:
  // The project of `path`, looking no higher than the folder `bound`
  // (absolute); "" when there is none.
  const std::string& rootOf(const std::string& path, const std::string& bound);

 private:
  std::map<std::pair<std::string, std::string>, std::string> known_;  // (folder, bound)
};

}  // namespace lightfix
