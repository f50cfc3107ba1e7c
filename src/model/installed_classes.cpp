#include "model/installed_classes.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <memory>

#include "core/budgets.h"
#include "core/environment.h"
#include "core/read_file.h"
#include "model/lightning_classes.h"
#include "python/node.h"
#include "python/syntax_tree.h"
#include "semantics/imports.h"

namespace lightfix {

namespace fs = std::filesystem;

struct InstalledClasses::Module {
  std::string package;  // what a relative import starts from
  std::string text;
  SyntaxTree tree;
  Imports imports;
};

InstalledClasses::InstalledClasses(std::vector<std::string> sitePackages)
    : sitePackages_(std::move(sitePackages)) {}

InstalledClasses::~InstalledClasses() = default;

std::vector<std::string> InstalledClasses::sitePackagesOf(const std::string& environment) {
  std::error_code ec;
  fs::path env(environment);
  // An interpreter: `.venv/bin/python` stands for `.venv`.
  if (fs::is_regular_file(env, ec) || env.filename().string().rfind("python", 0) == 0)
    env = env.parent_path().parent_path();
  std::vector<std::string> out;
  for (const fs::directory_entry& lib : fs::directory_iterator(env / "lib", ec)) {
    std::string name = lib.path().filename().string();
    fs::path site = lib.path() / "site-packages";
    if (name.rfind("python3", 0) == 0 && fs::is_directory(site, ec)) out.push_back(site.string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string InstalledClasses::identity() const {
  std::string out;
  for (const std::string& site : sitePackages_) {
    std::error_code ec;
    auto changed = fs::last_write_time(site, ec);
    out += fmt::format("{} {}\n", site, ec ? 0 : changed.time_since_epoch().count());
  }
  return out;
}

const InstalledClasses::Module* InstalledClasses::module(const std::string& name) const {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = modules_.find(name); it != modules_.end()) return it->second.get();
    if (modules_.size() >= kMaxInstalledFiles) return nullptr;
  }
  std::string relative = name;
  std::replace(relative.begin(), relative.end(), '.', '/');
  std::unique_ptr<Module> found;
  for (const std::string& site : sitePackages_) {
    for (const auto& [file, package] :
         {std::pair{fs::path(site) / (relative + ".py"), name.substr(0, name.rfind('.'))},
          std::pair{fs::path(site) / relative / "__init__.py", name}}) {
      std::error_code ec;
      if (!fs::is_regular_file(file, ec) || fs::file_size(file, ec) > kMaxInstalledFileBytes)
        continue;
      std::string text;
      if (!readWholeFile(file.string(), text)) continue;
      auto m = std::make_unique<Module>(Module{
          name.find('.') == std::string::npos && file.filename() != "__init__.py" ? "" : package,
          std::move(text), SyntaxTree::parse(""), Imports{}});
      m->tree = SyntaxTree::parse(m->text);
      m->imports.collect(m->tree.root(), m->text);
      found = std::move(m);
      break;
    }
    if (found) break;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  auto& slot = modules_[name];
  if (!slot) slot = std::move(found);
  return slot.get();
}

namespace {

// `.models.FancyModule` seen from the package `fancylib`.
std::string absolute(const std::string& qualified, const std::string& package) {
  if (qualified.empty() || qualified[0] != '.') return qualified;
  size_t dots = qualified.find_first_not_of('.');
  std::string base = package;
  for (size_t up = 1; up < dots && !base.empty(); ++up) {
    size_t dot = base.rfind('.');
    base = dot == std::string::npos ? "" : base.substr(0, dot);
  }
  std::string rest = dots == std::string::npos ? "" : qualified.substr(dots);
  return base.empty() ? rest : rest.empty() ? base : base + "." + rest;
}

bool turnsOffAutomaticOptimization(Node body, std::string_view source) {
  bool off = false;
  walk(body, [&](Node n) {
    if (off) return false;
    if (is(n, "assignment") && is(field(n, "right"), "false")) {
      std::string_view target = textOf(field(n, "left"), source);
      off = target == "automatic_optimization" || target == "self.automatic_optimization";
    }
    return !off;
  });
  return off;
}

}  // namespace

std::optional<InstalledClass> InstalledClasses::lookup(const std::string& qualified) const {
  return lookup(qualified, 0);
}

std::optional<InstalledClass> InstalledClasses::lookup(const std::string& qualified,
                                                       int depth) const {
  if (const LightningClass* own = lightningClass(qualified))
    return InstalledClass{isLightningModuleClass(qualified), own->manualOptimization};
  if (isLightningModuleClass(qualified)) return InstalledClass{true, false};
  if (depth > kMaxInstalledHops || sitePackages_.empty()) return std::nullopt;
  // Packages that define no LightningModule, and are large to read.
  static const char* const kNever[] = {"torch",       "typing", "abc",      "collections", "enum",
                                       "dataclasses", "numpy",  "builtins", "transformers"};
  std::string root = qualified.substr(0, qualified.find('.'));
  if (std::find(std::begin(kNever), std::end(kNever), root) != std::end(kNever))
    return std::nullopt;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = classes_.find(qualified); it != classes_.end()) return it->second;
  }
  std::optional<InstalledClass> answer;
  size_t dot = qualified.rfind('.');
  const Module* m = dot == std::string::npos ? nullptr : module(qualified.substr(0, dot));
  if (m) {
    std::string name = qualified.substr(dot + 1);
    std::string_view source = m->text;
    Node definition{};
    for (Node n : namedChildren(m->tree.root())) {
      Node cls = is(n, "decorated_definition") ? field(n, "definition") : n;
      if (is(cls, "class_definition") && textOf(field(cls, "name"), source) == name)
        definition = cls;
    }
    if (!isNull(definition)) {
      answer = InstalledClass{};
      for (Node base : namedChildren(field(definition, "superclasses"))) {
        std::optional<std::string> q = m->imports.qualify(base, source);
        // A base defined beside it in the same module.
        if (!q && is(base, "identifier"))
          q = qualified.substr(0, dot + 1) + std::string(textOf(base, source));
        if (!q) continue;
        std::optional<InstalledClass> b = lookup(absolute(*q, m->package), depth + 1);
        if (b && b->lightningModule) {
          answer->lightningModule = true;
          answer->manualOptimization = answer->manualOptimization || b->manualOptimization;
        }
      }
      if (answer->lightningModule &&
          turnsOffAutomaticOptimization(field(definition, "body"), source))
        answer->manualOptimization = true;
    } else if (std::optional<std::string> q = m->imports.qualifyName(name)) {
      // Re-exported: `from .models import FancyModule` in `__init__.py`.
      answer = lookup(absolute(*q, m->package), depth + 1);
    }
  }
  std::lock_guard<std::mutex> lock(mutex_);
  classes_[qualified] = answer;
  return answer;
}

std::string findPythonEnvironment(const std::string& configured, const std::string& configRoot,
                                  const std::string& projectRoot) {
  std::error_code ec;
  if (!configured.empty()) {
    fs::path p(configured);
    if (p.is_relative() && !configRoot.empty()) p = fs::path(configRoot) / p;
    return p.lexically_normal().string();
  }
  for (const char* name : {".venv", "venv"}) {
    fs::path candidate = fs::path(projectRoot.empty() ? "." : projectRoot) / name;
    if (fs::is_directory(candidate / "lib", ec)) return candidate.lexically_normal().string();
  }
  // The active environment: a virtualenv's, else conda's (its
  // lib/pythonX.Y/site-packages is laid out the same way).
  for (const char* variable : {"VIRTUAL_ENV", "CONDA_PREFIX"})
    if (const char* active = envValue(variable)) return active;
  return "";
}

}  // namespace lightfix
