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

bool namesGroup(const std::string& group, HydraGroup g) {
  return fs::path(group).filename() == (g == HydraGroup::Trainer ? "trainer" : "strategy");
}

bool inGroup(const std::string& path, HydraGroup g) {
  return g == HydraGroup::Trainer ? inTrainerGroup(path) : inStrategyGroup(path);
}

}  // namespace

void HydraConfigs::add(const std::string& path, const std::string& text, unsigned deepSpeedLine,
                       bool setsTrainerStrategy) {
  HydraConfigFile& f = files_[normal(path)] = readHydraConfig(text);
  trainerSections_[normal(path)] = {
      path, deepSpeedLine,
      deepSpeedLine > 0 || (inTrainerGroup(path) ? f.setsStrategy : setsTrainerStrategy)};
  if (deepSpeedLine > 0)
    named_.push_back({Strategy::MaybeDeepSpeed, path, deepSpeedLine, kMaybeWhy});
  for (const HydraDefault& d : f.defaults)
    if (d.group.empty())
      for (const std::string& name : d.names)
        for (std::string& candidate : candidatesOf(normal(path), name))
          mayExtend_.emplace(std::move(candidate), std::make_pair(normal(path), name));
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

StrategySource HydraConfigs::effective(const std::string& path, HydraGroup group, int depth) const {
  StrategySource none{Strategy::NotDeepSpeed, path, 0, {}};
  const HydraConfigFile* f = file(path);
  if (!f || depth > kMaxHydraDepth) return none;
  // A trainer config's `strategy:`; a strategy config's own `_target_`.
  if (group == HydraGroup::Trainer && f->setsStrategy)
    return f->deepSpeedLine > 0 ? StrategySource{Strategy::DeepSpeed, path, f->deepSpeedLine, {}}
                                : none;
  if (group == HydraGroup::Strategy && !f->target.empty())
    return isDeepSpeedStrategyClass(f->target)
               ? StrategySource{Strategy::DeepSpeed, path, f->targetLine, {}}
               : none;
  // Its own keys come last (`_self_`); before them, the configs it extends,
  // the later one winning.
  std::string dir = folderOf(path);
  std::string root = folderOf(dir);
  for (auto d = f->defaults.rbegin(); d != f->defaults.rend(); ++d) {
    if (!d->group.empty() && !namesGroup(d->group, group)) continue;
    std::string folder = d->group.empty() ? dir : groupFolder(d->group, dir, root);
    for (auto name = d->names.rbegin(); name != d->names.rend(); ++name)
      if (auto base = groupFile(folder, *name)) return effective(*base, group, depth + 1);
  }
  return none;
}

void HydraConfigs::compose(const std::string& path, const std::string& root, HydraGroup group,
                           int depth, std::set<std::string>& seen,
                           std::vector<Choice>& choices) const {
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
      if (namesGroup(d.group, group))
        choices.push_back({*picked, d.override});
      else
        compose(*picked, root, group, depth + 1, seen, choices);
    }
  }
}

// A primary config sits at a config root, beside the group's folder; its
// composition picks one config of the group: the last `override` of the
// group, else the first entry naming it.
std::vector<std::string> HydraConfigs::defaultPicks(HydraGroup group) const {
  std::set<std::string> roots;  // folders holding the group
  for (const auto& entry : files_)
    if (inGroup(entry.first, group)) roots.insert(folderOf(folderOf(entry.first)));
  std::vector<std::string> out;
  for (const auto& [path, f] : files_) {
    std::string root = folderOf(path);
    if (f.defaults.empty() || inGroup(path, group) || roots.count(root) == 0) continue;
    std::set<std::string> seen;
    std::vector<Choice> choices;
    compose(path, root, group, 0, seen, choices);
    auto last =
        std::find_if(choices.rbegin(), choices.rend(), [](const Choice& c) { return c.override; });
    if (last != choices.rend())
      out.push_back(last->path);
    else if (!choices.empty())
      out.push_back(choices.front().path);
  }
  return out;
}

// Where no primary config's composition reaches the group: every config of
// it any defaults list picks (hyena-dna's pipelines each pick a trainer).
// The root of an absolute `/trainer` is the nearest folder above that has it.
std::vector<std::string> HydraConfigs::pickedAnywhere(HydraGroup group) const {
  std::vector<std::string> out;
  for (const auto& [path, f] : files_) {
    std::string dir = folderOf(path);
    for (const HydraDefault& d : f.defaults) {
      if (!namesGroup(d.group, group)) continue;
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

std::optional<StrategySource> HydraConfigs::resolveGroup(HydraGroup group) const {
  std::vector<std::string> picked = defaultPicks(group);
  if (picked.empty()) picked = pickedAnywhere(group);
  std::optional<StrategySource> first;
  bool every = !picked.empty();
  for (const std::string& path : picked) {
    StrategySource e = effective(path, group, 0);
    every = every && e.kind == Strategy::DeepSpeed;
    if (e.kind == Strategy::DeepSpeed && !first) first = e;
  }
  if (every) return first;
  if (first) {
    first->kind = Strategy::MaybeDeepSpeed;
    first->why = kMaybeWhy;
    return first;
  }
  // A config of the group that no composition picks, which a command line
  // (`trainer=deepspeed`) may.
  if (group == HydraGroup::Trainer)
    return named_.empty() ? std::nullopt : std::optional<StrategySource>(named_.front());
  for (const auto& entry : files_)
    if (inStrategyGroup(entry.first))
      if (StrategySource e = effective(entry.first, group, 0); e.kind == Strategy::DeepSpeed)
        return StrategySource{Strategy::MaybeDeepSpeed, e.path, e.line, kMaybeWhy};
  return std::nullopt;
}

bool HydraConfigs::hasGroup(HydraGroup group) const {
  return std::any_of(files_.begin(), files_.end(),
                     [&](const auto& entry) { return inGroup(entry.first, group); });
}

void HydraConfigs::resolve() {
  // A base config's DeepSpeed that every config extending it overrides is
  // no Trainer's.
  named_.erase(std::remove_if(named_.begin(), named_.end(),
                              [&](const StrategySource& s) {
                                return !chosenInSomeComposition(s.path, s.line);
                              }),
               named_.end());
  trainer_ = resolveGroup(HydraGroup::Trainer);
  strategyGroup_.reset();
  if (hasGroup(HydraGroup::Strategy))
    strategyGroup_ = resolveGroup(HydraGroup::Strategy).value_or(StrategySource{});
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

std::optional<StrategySource> HydraConfigs::ownTrainer(const std::string& path) const {
  auto it = trainerSections_.find(path);
  if (it == trainerSections_.end() || !it->second.setsStrategy) return std::nullopt;
  const TrainerSection& section = it->second;
  if (section.deepSpeedLine > 0)
    return StrategySource{Strategy::DeepSpeed, section.path, section.deepSpeedLine, {}};
  return StrategySource{Strategy::NotDeepSpeed, section.path, 0, {}};
}

std::vector<std::string> HydraConfigs::candidatesOf(const std::string& from,
                                                    const std::string& name) {
  std::string stem = name;
  for (std::string_view ext : {".yaml", ".yml"})
    if (stem.size() > ext.size() && stem.compare(stem.size() - ext.size(), ext.size(), ext) == 0)
      stem.resize(stem.size() - ext.size());
  std::vector<std::string> out;
  auto both = [&](const fs::path& at) {
    for (const char* ext : {".yaml", ".yml"}) out.push_back(normal(at.string() + ext));
  };
  std::string dir = folderOf(from);
  if (stem.rfind('/', 0) != 0) {
    both(fs::path(dir) / stem);
    return out;
  }
  std::string root = dir;
  for (int up = 0; up < kMaxHydraRootLevels; ++up, root = folderOf(root))
    both(fs::path(root) / stem.substr(1));
  return out;
}

std::optional<std::string> HydraConfigs::extended(const std::string& from,
                                                  const std::string& name) const {
  for (const std::string& candidate : candidatesOf(from, name))
    if (file(candidate)) return candidate;
  return std::nullopt;
}

std::vector<std::string> HydraConfigs::extenders(const std::string& path) const {
  std::vector<std::string> out;
  auto [from, to] = mayExtend_.equal_range(path);
  for (auto it = from; it != to; ++it) {
    const auto& [other, name] = it->second;
    if (extended(other, name) == path && std::find(out.begin(), out.end(), other) == out.end())
      out.push_back(other);
  }
  std::sort(out.begin(), out.end());  // in path order, whatever order they were added in
  return out;
}

bool HydraConfigs::composes(const std::string& given) const {
  std::string path = normal(given);
  const HydraConfigFile* f = file(path);
  if (!f) return false;
  for (const HydraDefault& d : f->defaults)
    if (d.group.empty() || pickedTrainer(path, d)) return true;
  return !extenders(path).empty();
}

std::optional<std::string> HydraConfigs::pickedTrainer(const std::string& path,
                                                       const HydraDefault& d) const {
  if (d.group.empty() || d.names.empty() || !namesGroup(d.group, HydraGroup::Trainer))
    return std::nullopt;
  // `/trainer` is under the config root, some folders above an experiment.
  std::string dir = folderOf(path);
  std::string root = dir;
  for (int up = 0; up < kMaxHydraRootLevels; ++up, root = folderOf(root)) {
    if (auto picked = groupFile(groupFolder(d.group, dir, root), d.names.back())) return picked;
    if (d.group.rfind('/', 0) != 0) break;
  }
  return std::nullopt;
}

std::string HydraConfigs::normalPath(const std::string& path) { return normal(path); }

std::vector<std::string> HydraConfigs::groupTargets(const std::string& path,
                                                    const std::string& group) const {
  const HydraConfigFile* f = file(normal(path));
  if (!f) return {};
  bool picks = std::any_of(f->defaults.begin(), f->defaults.end(), [&](const HydraDefault& d) {
    return d.group == group || d.group == "/" + group;
  });
  if (!picks) return {};
  std::string folder = normal(fs::path(normal(path)).parent_path() / group) + "/";
  std::vector<std::string> targets;
  for (auto it = files_.lower_bound(folder); it != files_.end(); ++it) {
    if (it->first.compare(0, folder.size(), folder) != 0) break;
    if (it->first.find('/', folder.size()) != std::string::npos) continue;  // a subgroup
    if (it->second.target.empty()) return {};
    targets.push_back(it->second.target);
  }
  return targets;
}

std::optional<StrategySource> HydraConfigs::composedAt(const std::string& path, int depth) const {
  const HydraConfigFile* f = file(path);
  if (!f || depth > kMaxHydraDepth) return std::nullopt;
  std::optional<StrategySource> out;
  size_t self = f->selfAt < 0 ? f->defaults.size() : static_cast<size_t>(f->selfAt);
  for (size_t k = 0; k <= f->defaults.size(); ++k) {
    if (k == self)
      if (auto own = ownTrainer(path)) out = own;
    if (k == f->defaults.size()) continue;
    // A `trainer/` config it picks (`- trainer: deepspeed`) is its Trainer
    // section as merged there, with whatever strategy that config sets.
    if (std::optional<std::string> picked = pickedTrainer(path, f->defaults[k])) {
      StrategySource s = effective(*picked, HydraGroup::Trainer, depth + 1);
      if (s.kind == Strategy::DeepSpeed || file(*picked)->setsStrategy) out = s;
      continue;
    }
    if (!f->defaults[k].group.empty()) continue;
    for (const std::string& name : f->defaults[k].names)
      if (auto base = extended(path, name))
        if (auto inherited = composedAt(*base, depth + 1)) out = inherited;
  }
  return out;
}

// The configs Hydra may be asked to compose that hold `path`: itself, unless
// other configs extend it and it is no `trainer/` config a command line may
// pick; and, through each config extending it, theirs.
void HydraConfigs::compositionsHolding(const std::string& path, int depth,
                                       std::vector<std::string>& out) const {
  std::vector<std::string> above =
      depth > kMaxHydraDepth ? std::vector<std::string>{} : extenders(path);
  for (const std::string& other : above) compositionsHolding(other, depth + 1, out);
  if ((above.empty() || inTrainerGroup(path)) &&
      std::find(out.begin(), out.end(), path) == out.end())
    out.push_back(path);
}

std::optional<StrategySource> HydraConfigs::composedTrainerAround(const std::string& given) const {
  std::vector<std::string> holding;
  compositionsHolding(normal(given), 0, holding);
  std::optional<StrategySource> first;
  bool every = !holding.empty();
  for (const std::string& config : holding) {
    std::optional<StrategySource> s = composedAt(config, 0);
    bool deepSpeed = s && s->kind == Strategy::DeepSpeed;
    every = every && deepSpeed;
    if (deepSpeed && !first) first = s;
  }
  if (first && !every) {
    first->kind = Strategy::MaybeDeepSpeed;
    first->why = "one of the configs composed with it";
  }
  return first;
}

bool HydraConfigs::chosenInSomeComposition(const std::string& given, unsigned line) const {
  std::string path = normal(given);
  if (!composes(path)) return true;
  std::vector<std::string> holding;
  compositionsHolding(path, 0, holding);
  return std::any_of(holding.begin(), holding.end(), [&](const std::string& config) {
    std::optional<StrategySource> s = composedAt(config, 0);
    return s && normal(s->path) == path && s->line == line;
  });
}

}  // namespace lightfix
