#include "model/hydra_configs.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "core/budgets.h"
#include "model/lightning_classes.h"
#include "semantics/imports.h"

namespace lightfix {

namespace fs = std::filesystem;

namespace {

std::string normal(const fs::path& p) { return p.lexically_normal().generic_string(); }
std::string folderOf(const std::string& path) { return normal(fs::path(path).parent_path()); }

// `/trainer` is the group from the config root; `trainer` is from the
// including config's own folder.
std::string groupFolder(const std::string& group, const std::string& dir, const std::string& root) {
  if (group.rfind('/', 0) == 0) return normal(fs::path(root) / group.substr(1));
  return normal(fs::path(dir) / group);
}

const char* const kMaybeWhy = "a Hydra config of the project chooses it";

bool namesTrainerGroup(const std::string& group) { return fs::path(group).filename() == "trainer"; }

}  // namespace

void HydraConfigs::add(const std::string& path, const std::string& text, unsigned deepSpeedLine) {
  files_[normal(path)] = readHydraConfig(text);
  if (deepSpeedLine > 0)
    named_.push_back({Strategy::MaybeDeepSpeed, path, deepSpeedLine, kMaybeWhy});
}

const HydraConfigFile* HydraConfigs::file(const std::string& path) const {
  auto it = files_.find(path);
  return it == files_.end() ? nullptr : &it->second;
}

std::optional<std::string> HydraConfigs::groupFile(const std::string& folder,
                                                   const std::string& name) const {
  for (const char* ext : {".yaml", ".yml"}) {
    std::string path = normal(fs::path(folder) / (name + ext));
    if (file(path)) return path;
  }
  return std::nullopt;
}

StrategySource HydraConfigs::effective(const std::string& path, int depth) const {
  StrategySource none{Strategy::NotDeepSpeed, path, 0, {}};
  const HydraConfigFile* f = file(path);
  if (!f || depth > kMaxHydraDepth) return none;
  if (f->setsStrategy)
    return f->deepSpeedLine > 0 ? StrategySource{Strategy::DeepSpeed, path, f->deepSpeedLine, {}}
                                : none;
  // Its own keys come last (`_self_`); before them, the configs it extends,
  // the later one winning.
  std::string dir = folderOf(path);
  std::string root = folderOf(dir);
  for (auto d = f->defaults.rbegin(); d != f->defaults.rend(); ++d) {
    if (!d->group.empty() && !namesTrainerGroup(d->group)) continue;
    std::string folder = d->group.empty() ? dir : groupFolder(d->group, dir, root);
    for (auto name = d->names.rbegin(); name != d->names.rend(); ++name)
      if (auto base = groupFile(folder, *name)) return effective(*base, depth + 1);
  }
  return none;
}

void HydraConfigs::compose(const std::string& path, const std::string& root, int depth,
                           std::set<std::string>& seen, std::vector<Choice>& choices) const {
  const HydraConfigFile* f = file(path);
  // Each config once: Hydra includes a config once per composition.
  if (!f || depth > kMaxHydraDepth || !seen.insert(path).second) return;
  std::string dir = folderOf(path);
  for (const HydraDefault& d : f->defaults) {
    if (d.group.empty()) continue;  // extends a config of its own group
    std::string folder = groupFolder(d.group, dir, root);
    for (const std::string& name : d.names) {
      std::optional<std::string> picked = groupFile(folder, name);
      if (!picked) continue;
      if (namesTrainerGroup(d.group))
        choices.push_back({*picked, d.override});
      else
        compose(*picked, root, depth + 1, seen, choices);
    }
  }
}

// A primary config sits at a config root, beside the `trainer/` group; its
// composition picks one trainer config: the last `override` of the group,
// else the first entry naming it.
std::vector<std::string> HydraConfigs::defaultTrainers() const {
  std::set<std::string> roots;  // folders holding a `trainer/` group
  for (const auto& entry : files_)
    if (inTrainerGroup(entry.first)) roots.insert(folderOf(folderOf(entry.first)));
  std::vector<std::string> out;
  for (const auto& [path, f] : files_) {
    std::string root = folderOf(path);
    if (f.defaults.empty() || inTrainerGroup(path) || roots.count(root) == 0) continue;
    std::set<std::string> seen;
    std::vector<Choice> choices;
    compose(path, root, 0, seen, choices);
    auto last =
        std::find_if(choices.rbegin(), choices.rend(), [](const Choice& c) { return c.override; });
    if (last != choices.rend())
      out.push_back(last->path);
    else if (!choices.empty())
      out.push_back(choices.front().path);
  }
  return out;
}

// Where no primary config's composition reaches the group: every trainer
// config any defaults list picks (hyena-dna's pipelines each pick one). The
// root of an absolute `/trainer` is the nearest folder above that has it.
std::vector<std::string> HydraConfigs::trainersPickedAnywhere() const {
  std::vector<std::string> out;
  for (const auto& [path, f] : files_) {
    std::string dir = folderOf(path);
    for (const HydraDefault& d : f.defaults) {
      if (!namesTrainerGroup(d.group)) continue;
      for (const std::string& name : d.names) {
        std::optional<std::string> picked;
        std::string root = dir;
        for (int up = 0; !picked && up < kMaxHydraRootLevels; ++up, root = folderOf(root))
          picked = groupFile(groupFolder(d.group, dir, root), name);
        if (picked) out.push_back(*picked);
      }
    }
  }
  return out;
}

void HydraConfigs::resolve() {
  trainer_.reset();
  std::vector<std::string> picked = defaultTrainers();
  if (picked.empty()) picked = trainersPickedAnywhere();
  std::optional<StrategySource> first;
  bool every = !picked.empty();
  for (const std::string& path : picked) {
    StrategySource e = effective(path, 0);
    every = every && e.kind == Strategy::DeepSpeed;
    if (e.kind == Strategy::DeepSpeed && !first) first = e;
  }
  if (every) {
    trainer_ = first;
  } else if (first) {
    trainer_ = first;
    trainer_->kind = Strategy::MaybeDeepSpeed;
    trainer_->why = kMaybeWhy;
  } else if (!named_.empty()) {
    trainer_ = named_.front();
  }
}

std::string HydraConfigs::groupTrainerPackage(const std::string& path) const {
  if (!inTrainerGroup(path)) return {};
  std::string folder = folderOf(path);
  std::set<std::string> packages;
  for (const auto& [other, config] : files_)
    if (folderOf(other) == folder && !config.target.empty())
      packages.insert(trainerPackageOf(config.target));
  return packages.size() == 1 ? *packages.begin() : std::string();
}

}  // namespace lightfix
