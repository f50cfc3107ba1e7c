#pragma once
// The options every command of the command line takes, and the run they
// ask for with the project's [tool.lightfix] config: one path from flags
// and settings to RunOptions, for `check`, `fix` and the editor's server.

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "driver/run.h"
#include "rules/rule.h"

namespace lightfix {

struct CommonOptions {
  std::vector<std::string> paths;
  std::vector<std::string> select;
  std::vector<std::string> ignore;
  std::string outputFormat = "full";
  std::string targetStrategy;
  std::string stdinFilename;
  std::string config;
  std::string exportFixes;
  std::string outputFile;
  std::vector<std::string> exclude;
  bool forceExclude = false;
  std::string report;
  std::string shard;  // --shard K/N
  bool exitZero = false;
  bool noColor = false;
  std::string color = "auto";
  bool quiet = false;
  bool statistics = false;
  bool unsafeFixes = false;
  bool diff = false;
  unsigned jobs = 0;
  std::string maxFileSize;
  bool noCache = false;
  std::string cacheDir;
  std::string buildPath;                             // -p: compile_commands.json's folder
  std::optional<std::vector<std::string>> cxxFlags;  // after `--`
  std::string fromLog;                               // explain --log, fix --from-log
  // fix -i
  bool interactive = false;
  bool cpuPinnedByName = false;  // LF018 selected by its code (run.model.migrateCpuPinned)
  // check --fix, check --fix-only (which reports and fails on nothing left)
  bool fix = false;
  bool fixOnly = false;
  bool showFixes = false;  // list what was fixed, per file and rule
};

// The rules --select and --ignore leave, each list first expanded to codes.
bool selectRules(CommonOptions& o, RuleSet& rules, std::ostream& err);

// The run the options ask for: config, rules, excludes, fixes, threads;
// false, having said why on `err`, when they name an unknown rule or an
// unreadable config.
bool makeRunOptions(CommonOptions& o, const std::vector<std::string>& paths, Mode mode,
                    RunOptions& run, std::ostream& err);

}  // namespace lightfix
