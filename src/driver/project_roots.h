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
#include <unordered_set>
#include <utility>
#include <vector>

namespace lightfix {

// `/repos/` as `/repos`: the folder a path such as `.` normalises to, with
// no empty last component to stop a comparison of components.
std::filesystem::path withoutTrailingSlash(std::filesystem::path folder);

// The folder a file was reached from, the bound of its ProjectRoots lookup:
// the deepest folder named on the command line above it. A file named
// itself is checked in its project, as a walk of its repository would see
// it: the bound is the top of the git work tree it is in; outside one, the
// current folder when the file is below it (`lightfix check train.py
// model/lit.py` is one project), else its own folder.
class ReachedFrom {
 public:
  // `paths`: as given on the command line; those that are folders count.
  explicit ReachedFrom(const std::vector<std::string>& paths);
  std::string folderOf(const std::string& path) const;
  // Whether a folder named on the command line holds `path`.
  bool underNamedFolder(const std::string& path) const;

 private:
  // Absolute, normal, without a trailing slash. A set, so that a file's
  // folders are looked up rather than compared with every one: a fleet
  // migration names thousands.
  std::unordered_set<std::string> named_;
  std::string here_;
};

class ProjectRoots {
 public:
  // The project of `path`, looking no higher than the folder `bound`
  // (absolute); "" when there is none.
  std::string rootOf(const std::string& path, const std::string& bound);

 private:
  const std::string& lookUp(const std::filesystem::path& folder, const std::string& bound);

  // The answers for the folders asked lately, and those above them: a walk
  // asks of one folder's files together, so a few thousand are enough, and
  // the memory does not grow with the fleet.
  static constexpr size_t kRemembered = 4096;
  std::map<std::pair<std::string, std::string>, std::string> known_;  // (folder, bound)
};

}  // namespace lightfix
