#pragma once
// One lightfix run over paths: discover → prefilter → parse → model →
// match → fix → resolve → apply | diff, leaving the reports to render.
// Files are parsed and checked on `jobs` threads; the result is the same
// whatever their number.

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "config/config.h"
#include "core/diagnostic.h"
#include "core/errors.h"
#include "cxx/compile_commands.h"
#include "driver/analyze.h"
#include "driver/discover.h"
#include "driver/path_list.h"
#include "driver/progress.h"
#include "model/file_model.h"
#include "model/installed_classes.h"

namespace lightfix {

enum class Mode { Check, Fix, Diff };

struct RunOptions {
  Mode mode = Mode::Check;
  RuleSet rules;
  ModelOptions model;
  bool unsafeFixes = false;
  std::string stdinFilename;  // the name `-` is reported under
  // What `-` stands for when given (an editor's buffer), else standard input.
  std::optional<std::string> stdinText;
  // Texts read in place of files on disk (an editor's open buffers), by
  // normalisedPath(): Python sources, YAML and JSON configs alike.
  std::shared_ptr<const std::map<std::string, std::string>> buffers;
  Config config;  // per-file-ignores
  std::vector<ExcludePattern> exclude;
  bool forceExclude = false;         // `exclude` applies to the files named too
  CxxFlags cxx;                      // where C++ files' compiler flags come from
  unsigned jobs = 0;                 // threads; 0 means one per core
  uint64_t maxFileSize = 10u << 20;  // bytes; a larger file is skipped (0: no limit)
  bool prefilter = true;             // false: parse and check every file (a test of the filter)
  std::string cacheDir;              // where results are kept between runs; empty: nowhere
  Progress* progress = nullptr;      // updated as files are done, if given
  // The project's installed packages, read for base classes (model.installed).
  std::shared_ptr<const InstalledClasses> installed;
};

struct RunResult {
  std::vector<FileReport> reports;   // files with findings (or fixes), by path
  std::vector<RunError> errors;      // in path order
  std::vector<std::string> notices;  // files skipped on purpose, one line each
  PathList files;                    // every Python and C++ file discovered
  size_t configsChecked = 0;         // YAML configs checked (the other configs only inform)
  std::string diff;                  // for Mode::Diff
  std::string stdinText;             // `-`: what was read, or for `fix -` its fixed text
};

RunResult runLightfix(const std::vector<std::string>& paths, const RunOptions& options);

// A run kept in memory with its project, so that one file's findings can be
// recomputed after a change to it (`fix -i`, `fix --from-log`): run in
// options.mode like runLightfix, usually Mode::Check.
class CheckedRun {
 public:
  // `keepModels` false: each project's trees and models are let go once
  // its files are checked (a batch run); recheck() then sees none of them.
  CheckedRun(const std::vector<std::string>& paths, const RunOptions& options,
             bool keepModels = true);
  ~CheckedRun();
  CheckedRun(const CheckedRun&) = delete;
  CheckedRun& operator=(const CheckedRun&) = delete;

  const RunResult& result() const;
  RunResult& result();

  struct State;

  // The findings in `file` (a path of the run, with new text), against the
  // rest of the project as it was read; its rules as the run chose them.
  std::vector<Diagnostic> recheck(const SourceFile& file) const;

 private:
  std::unique_ptr<State> state_;
};

}  // namespace lightfix
