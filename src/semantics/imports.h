#pragma once
// What each imported name in a file stands for, so that names resolve by
// import and never by spelling: `L.Fabric` is Lightning's only if `L` is.

#include "python/node.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lightfix {

class Imports {
 public:
  void collect(Node root, std::string_view source);

  // The dotted qualified name of a name or attribute chain whose head was
  // imported (`L.Fabric` → "lightning.Fabric"), or nothing.
  std::optional<std::string> qualify(Node expr, std::string_view source) const;
  // The same for a bare name.
  std::optional<std::string> qualifyName(std::string_view name) const;

  // Every module this file imports from (`torch.nn`, `.base`), for the
  // project to know which files it needs.
  std::vector<std::string> importedModules() const;

  // `from .deps import *`: the modules whose names this file takes whole.
  const std::vector<std::string>& starModules() const { return starModules_; }
  // How a name that no import here binds is found through those modules
  // (set once the project is known).
  using StarResolver = std::function<std::optional<std::string>(std::string_view)>;
  void setStarResolver(StarResolver resolver) { starResolver_ = std::move(resolver); }

  // The imported names whose targets `resolve` maps elsewhere (a project
  // module passing on a name from outside), with their new targets, found
  // for every file before any is changed.
  using Retargets = std::vector<std::pair<std::string, std::string>>;
  Retargets retargets(
      const std::function<std::optional<std::string>(const std::string&)>& resolve) const;
  void retarget(const Retargets& changes) {
    for (const auto& [local, qualified] : changes) aliases_[local] = qualified;
  }

 private:
  void add(std::string local, std::string qualified) {
    imported_.push_back(qualified);
    aliases_[std::move(local)] = std::move(qualified);
  }
  std::unordered_map<std::string, std::string> aliases_;
  // Every import's target, a name imported twice (`try`/`except`) included.
  std::vector<std::string> imported_;
  std::vector<std::string> starModules_;
  StarResolver starResolver_;
};

}  // namespace lightfix
