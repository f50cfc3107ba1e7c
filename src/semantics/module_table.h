#pragma once
// Which project file an import names, looked up in a table built as files
// are added: lookups only read, so any number of threads may share one.

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace lightfix {

// A path as module lookups compare them: absolute, lexically normal,
// `/`-separated.
std::string normalisedPath(const std::string& path);

class ModuleTable {
 public:
  // Adds a file; its index is the number of files added before it.
  void add(const std::string& path);
  size_t size() const { return paths_.size(); }
  const std::string& path(size_t index) const { return paths_[index]; }  // normalised
  // normalisedPath(path), looked up for a file added, computed for another.
  std::string normalised(const std::string& path) const;

  // The file the module `name` imported from `fromPath` is (relative names
  // start with '.'): its index, or -1. An absolute name is the file it names
  // under the importing file's folder or the nearest folder above it; else,
  // of the files it can mean, the one nearest a project root (the shortest
  // path).
  int find(const std::string& fromPath, std::string_view name) const;

 private:
  // The file of the module at `target` (a path without `.py`), as the module
  // `target.py` or the package `target/__init__.py`, or -1.
  int fileAt(const std::string& target) const;
  std::vector<std::string> paths_;
  std::unordered_map<std::string, size_t> byGivenPath_;  // as add() was given it
  std::unordered_map<std::string, size_t> byPath_;
  std::unordered_map<std::string, size_t> byModule_;  // `a.b` → a/b.py or a/b/__init__.py
  std::unordered_set<std::string> ambiguous_;         // names more than one file has
};

}  // namespace lightfix
