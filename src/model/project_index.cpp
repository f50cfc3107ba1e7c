#include "model/project_index.h"

#include <algorithm>
#include <filesystem>

#include "core/budgets.h"
#include "core/source_file.h"
#include "model/file_model.h"
#include "model/strategy.h"
#include "python/node.h"
#include "semantics/folders.h"

namespace lightfix {

void ProjectIndex::add(const FileModel* model) {
  files_.push_back(model);
  modules_.add(model->file().path());
}

void ProjectIndex::addJsonConfig(const std::string& path, const std::string& text) {
  if (auto config = readDeepSpeedJson(path, text)) deepSpeedConfigs_.push_back(std::move(*config));
}

namespace {

// Where a file a script opens by `named` may be: as named, then relative to
// the script's folder or to one above it (the folder it is run from).
std::vector<std::string> openedPaths(const std::string& fromPath, const std::string& named) {
  namespace fs = std::filesystem;
  std::vector<std::string> candidates;
  fs::path name(named);
  candidates.push_back(name.lexically_normal().string());
  if (name.is_absolute()) return candidates;
  for (fs::path dir = fs::path(fromPath).parent_path(); !dir.empty(); dir = dir.parent_path()) {
    candidates.push_back((dir / name).lexically_normal().string());
    if (dir == dir.parent_path()) break;
  }
  return candidates;
}

}  // namespace

const std::string* ProjectIndex::yamlText(const std::string& fromPath, const std::string& named,
                                          std::string* path) const {
  for (const std::string& candidate : openedPaths(fromPath, named))
    if (auto it = yamlTexts_.find(normalisedPath(candidate)); it != yamlTexts_.end()) {
      if (path) *path = it->second.first;
      return &it->second.second;
    }
  return nullptr;
}

const DeepSpeedJson* ProjectIndex::deepSpeedConfig(const std::string& fromPath,
                                                   const std::string& named) const {
  namespace fs = std::filesystem;
  for (const std::string& candidate : openedPaths(fromPath, named))
    for (const DeepSpeedJson& config : deepSpeedConfigs_)
      if (fs::path(config.path).lexically_normal().string() == candidate) return &config;
  return nullptr;
}

namespace {

// The file name of the script a launcher's word names (`$ROOT/train.py`,
// `"${DIR}"/../train.py` → `train.py`), or of the module `-m` runs
// (`pkg.train` → `train.py`); empty for neither. Only the name is compared:
// a launcher names a script by a path of its author's machine or one built
// of shell variables.
std::string scriptNamed(const std::string& word, bool module) {
  size_t cut = word.find_last_of("/)}");
  std::string name = cut == std::string::npos ? word : word.substr(cut + 1);
  if (module && !name.empty() && name.find('$') == std::string::npos) {
    size_t dot = name.rfind('.');
    return (dot == std::string::npos ? name : name.substr(dot + 1)) + ".py";
  }
  bool python = name.size() > 3 && name.compare(name.size() - 3, 3, ".py") == 0 &&
                name.find('$') == std::string::npos;
  return python ? name : std::string();
}

}  // namespace

void ProjectIndex::addLauncher(const std::string& path, const std::string& text) {
  std::vector<std::string>& scripts = launcherScripts_[path];
  unsigned line = 1;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string_view l(text.data() + start, end - start);
    // Words split at spaces, quotes and `=`: `--strategy=deepspeed`, `--strategy "deepspeed"`.
    std::vector<std::string> words;
    std::string word;
    for (char c : l) {
      if (c == ' ' || c == '\t' || c == '=' || c == '"' || c == '\'' || c == '\\' || c == '\r') {
        if (!word.empty()) words.push_back(std::move(word));
        word.clear();
      } else {
        word += c;
      }
    }
    if (!word.empty()) words.push_back(word);
    for (size_t i = 0; i < words.size(); ++i) {
      bool module = i > 0 && words[i - 1] == "-m";
      if (std::string script = scriptNamed(words[i], module); !script.empty())
        scripts.push_back(std::move(script));
      if (i + 1 < words.size() && words[i].rfind("--", 0) == 0 && words[i].size() > 2)
        launcherFlags_.push_back({words[i], words[i + 1], path, line});
      // A Hydra override, `trainer.strategy=deepspeed_stage_2` (`+`, `++`
      // add or force it), split at its `=`.
      std::string_view key(words[i]);
      key.remove_prefix(std::min(key.find_first_not_of('+'), key.size()));
      if (i + 1 < words.size() && key == kHydraTrainerStrategy)
        launcherFlags_.push_back({std::string(key), words[i + 1], path, line});
    }
    start = end + 1;
    ++line;
  }
}

const LauncherFlag* ProjectIndex::launcherPassing(const std::string& flag,
                                                  const std::string& scriptPath) const {
  for (const LauncherFlag* f : launcherFlags(flag, scriptPath))
    if (isDeepSpeedName(f->value)) return f;
  return nullptr;
}

const LauncherFlag* ProjectIndex::launcherSelectingDeepSpeed(const std::string& path) const {
  for (const LauncherFlag& f : launcherFlags_)
    if (f.path == path && f.flag.find("strategy") != std::string::npos && isDeepSpeedName(f.value))
      return &f;
  return nullptr;
}

std::vector<const LauncherFlag*> ProjectIndex::launcherFlags(const std::string& flag,
                                                             const std::string& scriptPath) const {
  std::string dashed = flag;
  std::replace(dashed.begin(), dashed.end(), '_', '-');
  auto runs = [&](const std::string& launcher) {
    auto it = launcherScripts_.find(launcher);
    if (it == launcherScripts_.end() || it->second.empty() || scriptPath.empty()) return true;
    std::string name = std::filesystem::path(scriptPath).filename().string();
    return std::find(it->second.begin(), it->second.end(), name) != it->second.end() &&
           nearestNamed(launcher, scriptPath);
  };
  std::vector<const LauncherFlag*> out;
  for (const LauncherFlag& f : launcherFlags_)
    if ((f.flag == flag || f.flag == dashed) && runs(f.path)) out.push_back(&f);
  return out;
}

bool ProjectIndex::nearestNamed(const std::string& launcher, const std::string& scriptPath) const {
  std::vector<std::string> from = foldersOf(launcher);
  std::string name = std::filesystem::path(scriptPath).filename().string();
  size_t shared = sharedFolders(from, foldersOf(scriptPath));
  for (const FileModel* f : files_)
    if (std::filesystem::path(f->file().path()).filename() == name &&
        sharedFolders(from, foldersOf(f->file().path())) > shared)
      return false;
  return true;
}

void ProjectIndex::addYamlConfig(const std::string& path, const std::string& text,
                                 unsigned deepSpeedLine, bool trainerStrategy) {
  hydra_.add(path, text, deepSpeedLine, trainerStrategy);
  yamlTexts_[normalisedPath(path)] = {path, text};
  std::optional<StrategySource>& set = yamlTrainers_[normalisedPath(path)];
  if (deepSpeedLine > 0) {
    set = StrategySource{Strategy::DeepSpeed, path, deepSpeedLine, {}};
  } else if (trainerStrategy) {
    set = StrategySource{Strategy::NotDeepSpeed, path, 0, {}};
  }
}

std::optional<StrategySource> ProjectIndex::yamlTrainerStrategy(const std::string& path) const {
  std::string normal = normalisedPath(path);
  if (hydra_.composes(path)) return hydra_.composedTrainer(path);
  if (auto it = yamlTrainers_.find(normal); it != yamlTrainers_.end()) return it->second;
  std::string folder = normal.substr(0, normal.rfind('/') + 1);
  std::optional<StrategySource> out;
  bool every = true;
  for (auto it = yamlTrainers_.lower_bound(folder);
       it != yamlTrainers_.end() && it->first.compare(0, folder.size(), folder) == 0; ++it) {
    if (it->first.find('/', folder.size()) != std::string::npos) continue;  // a subfolder's
    if (!it->second) return std::nullopt;  // one sets none: a command line may
    every = every && it->second->kind == Strategy::DeepSpeed;
    if (!out || it->second->kind > out->kind) out = it->second;
  }
  if (out && out->kind == Strategy::DeepSpeed && !every) {
    out->kind = Strategy::MaybeDeepSpeed;
    out->why = "one of the configs `--config-name` may pick";
  }
  return out;
}

const FileModel* ProjectIndex::module(const std::string& fromPath, std::string_view name) const {
  int index = modules_.find(fromPath, name);
  return index < 0 ? nullptr : files_[static_cast<size_t>(index)];
}

// How many re-exports a name is followed through to its definition.

std::optional<ProjectIndex::Symbol> ProjectIndex::symbol(const std::string& fromPath,
                                                         std::string_view qualified) const {
  // The longest prefix that names a project module wins: `a.b.C` is `C` of
  // a/b.py before it is `b.C` of a/__init__.py.
  for (size_t dot = qualified.rfind('.'); dot != std::string_view::npos && dot > 0;
       dot = qualified.rfind('.', dot - 1)) {
    std::string_view moduleName = qualified.substr(0, dot);
    const FileModel* f = module(fromPath, moduleName);
    if (!f) continue;
    Symbol found{f, std::string(qualified.substr(dot + 1))};
    // A package's `__init__.py` re-exporting it (`from .retinanet import
    // RetinaNet`): where it is defined.
    for (int hops = 0; hops < kMaxReexports && !found.file->bindings().definesName(found.name);
         ++hops) {
      std::optional<std::string> source = found.file->imports().qualifyName(found.name);
      if (!source) break;
      size_t last = source->rfind('.');
      if (last == std::string::npos) break;
      const FileModel* next = module(found.file->file().path(), source->substr(0, last));
      if (!next || next == found.file) break;
      found = Symbol{next, source->substr(last + 1)};
    }
    return found;
  }
  return std::nullopt;
}

std::optional<std::string> ProjectIndex::reexported(const std::string& fromPath,
                                                    std::string_view qualified) const {
  std::string name(qualified);
  std::string from = fromPath;
  for (int hops = 0; hops < kMaxReexports; ++hops) {
    std::optional<Symbol> sym = symbol(from, name);
    if (!sym) return hops == 0 ? std::nullopt : std::optional<std::string>(name);
    const FileModel& file = *sym->file;
    const Bindings& bindings = file.bindings();
    if (bindings.definesFunctionOrClass(sym->name)) return std::nullopt;
    // Imported there (`import lightning.pytorch as pl`, a fallback such as
    // `pl = object` beside it), else bound to an imported name first
    // (`LightningModule = pl.LightningModule`): the branch an `if`/`try` of
    // imports takes when Lightning is there. Never when bound again
    // unconditionally after.
    std::optional<std::string> next = file.imports().qualifyName(sym->name);
    bool first = true;
    for (size_t i : bindings.assignmentsTo(sym->name)) {
      const Assignment& a = bindings.assignments()[i];
      if (!sameNode(a.scope, bindings.module())) continue;
      if (first && !next && a.index < 0)
        next = file.imports().qualify(a.value, file.file().text());
      else if (sameNode(parentOf(a.statement), bindings.module()))
        next.reset();
      first = false;
    }
    if (!next) return std::nullopt;
    from = file.file().path();
    name = std::move(*next);
  }
  return std::nullopt;
}

std::pair<const FileModel*, const FunctionInfo*> ProjectIndex::functionNamed(
    const std::string& fromPath, std::string_view qualified) const {
  auto sym = symbol(fromPath, qualified);
  if (!sym || modules_.normalised(sym->file->file().path()) == modules_.normalised(fromPath))
    return {nullptr, nullptr};
  for (const FunctionInfo& fn : sym->file->bindings().functions())
    if (fn.name == sym->name && isNull(fn.ownerClass) && isNull(enclosingFunction(fn.node)))
      return {sym->file, &fn};
  // `Loop(...)` of a class in that file runs its `__init__`.
  if (const FunctionInfo* init = sym->file->bindings().constructorOf(sym->name))
    return {sym->file, init};
  return {nullptr, nullptr};
}

std::string ProjectIndex::keyOf(const FileModel& file, const FunctionInfo& fn) {
  if (isNull(fn.ownerClass)) return fn.name;
  return std::string(textOf(field(fn.ownerClass, "name"), file.file().text())) + "." + fn.name;
}

std::pair<const FileModel*, const FunctionInfo*> ProjectIndex::callee(const FileModel& from,
                                                                      Node call) const {
  auto q = from.imports().qualify(field(call, "function"), from.file().text());
  if (!q) return {nullptr, nullptr};
  return functionNamed(from.file().path(), *q);
}

void inOrder(size_t count, const std::function<void(size_t)>& task) {
  for (size_t i = 0; i < count; ++i) task(i);
}

void ProjectIndex::linkCalls(const ForEach& forEach) {
  using Key = std::pair<std::string, std::string>;
  // Each file's calls found apart, then recorded in file order.
  std::vector<std::vector<std::pair<Key, ForeignCall>>> found(files_.size());
  forEach(files_.size(), [&](size_t k) {
    const FileModel* from = files_[k];
    std::vector<std::pair<Key, ForeignCall>>& calls = found[k];
    std::string_view source = from->file().text();
    walkCalls(from->bindings().module(), [&](Node n) {
      Node scope = from->bindings().scopeOf(n);
      Node args = field(n, "arguments");
      auto [file, fn] = callee(*from, n);
      if (fn) {
        CallSite::Kind kind = isNull(fn->ownerClass) ? CallSite::Direct : CallSite::Construct;
        calls.push_back({{modules_.normalised(file->file().path()), keyOf(*file, *fn)},
                         {from, CallSite{n, scope, fn, args, kind, Node{}}}});
        return;
      }
      MethodCall mc;
      if (asMethodCall(n, source, mc) && mc.method == "launch") {
        std::vector<Node> positional = positionalArguments(args);
        if (positional.empty()) return;
        auto q = from->imports().qualify(positional[0], source);
        if (!q) return;
        auto [launchedFile, launched] = functionNamed(from->file().path(), *q);
        if (launched && isNull(launched->ownerClass))
          calls.push_back(
              {{modules_.normalised(launchedFile->file().path()), launched->name},
               {from, CallSite{n, scope, launched, args, CallSite::Launch, mc.receiver}}});
      }
    });
  });
  callers_.clear();
  for (auto& calls : found)
    for (const auto& [key, call] : calls) callers_[key].push_back(call);
}

std::vector<const ForeignCall*> ProjectIndex::callersInto(const std::string& path,
                                                          const std::string& function) const {
  std::vector<const ForeignCall*> out;
  auto it = callers_.find({modules_.normalised(path), function});
  if (it == callers_.end()) return out;
  for (const ForeignCall& c : it->second) out.push_back(&c);
  return out;
}

}  // namespace lightfix
