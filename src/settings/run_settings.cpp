#include "settings/run_settings.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <utility>

#include "config/config.h"
#include "core/environment.h"
#include "driver/cache_files.h"
#include "model/installed_classes.h"
#include "registry/registry.h"
#include "rules/rule_specs.h"
#include "settings/rule_names.h"

namespace lightfix {

namespace {

bool applyConfig(CommonOptions& o, const std::vector<std::string>& paths, Config& config,
                 std::ostream& err) {
  std::string path = !o.config.empty() ? o.config : findConfig(paths[0] == "-" ? "." : paths[0]);
  if (path.empty()) return true;
  std::string error;
  auto read = readConfig(path, error);
  if (!read) {
    err << "lightfix: " << error << "\n";
    return false;
  }
  config = *read;
  auto expand = [&](std::vector<std::string>& list, const std::string& where) {
    std::string unknown;
    if (expandSelectors(list, unknown)) return true;
    err << fmt::format("lightfix: {}: unknown rule code `{}` in {}\n", path, unknown, where);
    return false;
  };
  if (o.select.empty()) o.cpuPinnedByName = namesCode(config.select, kDeepspeedNeedsCuda.code);
  if (!expand(config.select, "[tool.lightfix] `select`") ||
      !expand(config.ignore, "[tool.lightfix] `ignore`"))
    return false;
  if (o.select.empty()) o.select = config.select;
  o.ignore.insert(o.ignore.end(), config.ignore.begin(), config.ignore.end());
  if (o.targetStrategy.empty()) o.targetStrategy = config.targetStrategy;
  for (auto& [glob, codes] : config.perFileIgnores)
    if (!expand(codes, "per-file-ignores")) return false;
  return true;
}

}  // namespace

bool selectRules(CommonOptions& o, RuleSet& rules, std::ostream& err) {
  for (auto [list, flag] : {std::pair{&o.select, "--select"}, std::pair{&o.ignore, "--ignore"}}) {
    std::string unknown;
    if (!expandSelectors(*list, unknown)) {
      err << fmt::format("lightfix: unknown rule code `{}` in {}\n", unknown, flag);
      return false;
    }
  }
  auto listed = [](const std::vector<std::string>& codes, std::string_view code) {
    return std::find(codes.begin(), codes.end(), code) != codes.end();
  };
  for (const Rule& r : allRules())
    if ((o.select.empty() || listed(o.select, r.code)) && !listed(o.ignore, r.code))
      rules.push_back(&r);
  return true;
}

bool makeRunOptions(CommonOptions& o, const std::vector<std::string>& paths, Mode mode,
                    RunOptions& run, std::ostream& err) {
  // LF018 is asked for by its code (`--select LF018`), not through a prefix.
  o.cpuPinnedByName = namesCode(o.select, kDeepspeedNeedsCuda.code);
  if (!applyConfig(o, paths, run.config, err)) return false;
  if (!selectRules(o, run.rules, err)) return false;
  // Command-line patterns are relative to where lightfix runs; the config's
  // to its own folder.
  for (const std::string& pattern : run.config.exclude)
    run.exclude.push_back({run.config.root, pattern});
  for (const std::string& pattern : o.exclude)
    run.exclude.push_back({std::filesystem::current_path().string(), pattern});
  run.forceExclude = o.forceExclude || run.config.forceExclude;
  run.mode = o.diff ? Mode::Diff : mode;
  run.unsafeFixes = o.unsafeFixes;
  run.model.targetDeepSpeed = o.targetStrategy == "deepspeed";
  run.model.migrateCpuPinned = o.cpuPinnedByName;
  run.stdinFilename = o.stdinFilename;
  run.jobs = o.jobs;
  run.cxx = CxxFlags{o.buildPath, o.cxxFlags};
  if (run.config.maxFileSize) run.maxFileSize = *run.config.maxFileSize;
  // A `.venv` is looked for beside the config, else in the folder checked.
  std::string projectRoot = run.config.root;
  std::error_code ec;
  if (projectRoot.empty() && !paths.empty() && std::filesystem::is_directory(paths[0], ec))
    projectRoot = paths[0];
  std::string environment =
      findPythonEnvironment(run.config.pythonPath, run.config.root, projectRoot);
  if (!environment.empty()) {
    run.installed =
        std::make_shared<const InstalledClasses>(InstalledClasses::sitePackagesOf(environment));
    run.model.installed = run.installed.get();
  }
  if (!o.maxFileSize.empty()) {
    std::optional<uint64_t> bytes = parseByteSize(o.maxFileSize);
    if (!bytes) {
      err << fmt::format(
          "lightfix: --max-file-size {}: not a size (such as 10MB, 512KB or a number of bytes)\n",
          o.maxFileSize);
      return false;
    }
    run.maxFileSize = *bytes;
  }
  // For the tests that prove the prefilter never drops a finding.
  run.prefilter = envValue("LIGHTFIX_NO_PREFILTER") == nullptr;
  if (!o.noCache) run.cacheDir = o.cacheDir.empty() ? defaultCacheDir() : o.cacheDir;
  return true;
}

}  // namespace lightfix
