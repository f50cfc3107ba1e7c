// The command line: parses the arguments, runs the command, renders its
// result. main.cpp runs it on the process's streams, the tests in-process.

#include "cli/cli.h"

#include <fmt/format.h>
#include <llvm/Support/FormatVariadic.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_ostream.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <istream>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>

#include "cli/from_log.h"
#include "cli/interactive_fix.h"
#include "cli/report_merge.h"
#include "cli/shard.h"
#include "config/config.h"
#include "core/environment.h"
#include "core/version.h"
#include "cxx/cxx_paths.h"
#include "driver/cache_files.h"
#include "driver/run.h"
#include "model/installed_classes.h"
#include "registry/registry.h"
#include "registry/rule_docs.h"
#include "registry/rules_index.h"
#include "report/batch_report.h"
#include "report/export_fixes.h"
#include "report/progress_bar.h"
#include "report/render.h"
#include "rules/rule.h"
#include "rules/rule_specs.h"
#include "server/server_loop.h"
#include "settings/rule_names.h"
#include "settings/run_settings.h"

namespace lightfix {

namespace {

std::vector<std::string> formatNames() {
  std::vector<std::string> names;
  for (const OutputFormat& f : outputFormats()) names.emplace_back(f.name);
  return names;
}

void addColorOptions(CLI::App* cmd, CommonOptions& o) {
  cmd->add_option("--color", o.color,
                  "When to colour the output: auto (on a terminal, unless NO_COLOR is set; "
                  "FORCE_COLOR or CLICOLOR_FORCE force it), always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  cmd->add_flag("--no-color", o.noColor, "Never colour the output (--color never)");
}

// Whether to colour what goes to a stream: the flags first, then the
// environment (forcing wins over NO_COLOR, as for CLICOLOR_FORCE), then
// whether a person reads it.
bool useColor(const CommonOptions& o, bool isTerminal) {
  if (o.noColor || o.color == "never") return false;
  if (o.color == "always") return true;
  if (envSwitch("FORCE_COLOR") || envSwitch("CLICOLOR_FORCE")) return true;
  if (envValue("NO_COLOR")) return false;
  return isTerminal;
}

void addCommon(CLI::App* cmd, CommonOptions& o) {
  cmd->add_option("paths", o.paths, "Files or directories to check (`-` reads stdin)");
  // One value per flag, split at commas, so `--select LF001 path` keeps `path`.
  cmd->add_option("--select", o.select,
                  "Rules to enable (comma-separated): codes in any case, prefixes (LF, LF01) "
                  "or ALL")
      ->delimiter(',')
      ->allow_extra_args(false);
  cmd->add_option("--ignore", o.ignore,
                  "Rules to disable (comma-separated): codes in any case, prefixes or ALL")
      ->delimiter(',')
      ->allow_extra_args(false);
  cmd->add_option("--output-format", o.outputFormat, "How findings are printed")
      ->check(CLI::IsMember(formatNames()))
      ->capture_default_str();
  cmd->add_option("--exclude", o.exclude,
                  "Skip paths matching these .gitignore-style patterns (relative to the current "
                  "directory; added to the config's `exclude`)")
      ->delimiter(',')
      ->allow_extra_args(false);
  cmd->add_flag("--force-exclude", o.forceExclude,
                "Apply the excludes to files named on the command line too (for pre-commit)");
  cmd->add_option("--report", o.report,
                  "Write a per-repository table (one row per path given) to this file: "
                  "Markdown, or JSON for a .json name");
  cmd->add_option("--shard", o.shard,
                  "Check only part K of N of the paths named (a fleet split over N jobs; "
                  "`lightfix report merge` joins their JSON --report tables)");
  cmd->add_option("-o,--output-file", o.outputFile,
                  "Write the report (what would go to stdout) to this file");
  cmd->add_option("--export-fixes", o.exportFixes,
                  "Also write the fixes as clang-apply-replacements YAML to this file");
  cmd->add_option("--target-strategy", o.targetStrategy,
                  "Judge every Fabric and Trainer as running this strategy (a migration)")
      ->check(CLI::IsMember({"deepspeed"}));
  cmd->add_option("--stdin-filename", o.stdinFilename, "The name to report stdin (`-`) under");
  cmd->add_option("--max-file-size", o.maxFileSize,
                  "Skip files larger than this, with a notice (default 10MB; 0: no limit)");
  cmd->add_option("-p,--build-path", o.buildPath,
                  "The folder with the compile_commands.json that C++ files are checked with "
                  "(default: the nearest one above each file; flags after `--` replace it)");
  cmd->add_option("--config", o.config,
                  "The pyproject.toml to read [tool.lightfix] from (default: the nearest one "
                  "above the first path)");
  cmd->add_option("-j,--jobs", o.jobs, "Check files on this many threads (default: one per core)")
      ->check(CLI::Validator(
          [](const std::string& value) {
            char* end = nullptr;
            errno = 0;
            unsigned long n = std::strtoul(value.c_str(), &end, 10);
            bool ok = !value.empty() && std::isdigit(static_cast<unsigned char>(value[0])) &&
                      *end == '\0' && errno == 0 && n >= 1 && n <= UINT_MAX;
            return ok ? std::string() : value + " is not a number of threads (1 or more)";
          },
          "N"));
  cmd->add_flag("--exit-zero", o.exitZero, "Exit 0 even when there are findings");
  addColorOptions(cmd, o);
  cmd->add_flag("-q,--quiet", o.quiet, "Print findings only, no summary");
  cmd->add_flag("--statistics", o.statistics, "Print a count per rule instead of the findings");
  cmd->add_flag("--unsafe-fixes", o.unsafeFixes, "Also apply fixes that change behaviour");
  cmd->add_flag("--show-fixes", o.showFixes,
                "After fixing, list the fixes applied, per file and rule");
  cmd->add_flag("--diff", o.diff, "Print the fixes as a unified diff; write nothing");
  cmd->add_flag("--no-cache", o.noCache,
                "Check every project afresh; neither read nor write the result cache");
  cmd->add_option("--cache-dir", o.cacheDir,
                  "Keep results between runs in this folder (default: $LIGHTFIX_CACHE_DIR, "
                  "else ~/.cache/lightfix)");
}

// Runs shorter than a second show no bar; LIGHTFIX_PROGRESS_DELAY_MS
// changes that (the tests use 0).
std::chrono::milliseconds progressDelay() {
  if (const char* env = envValue("LIGHTFIX_PROGRESS_DELAY_MS"))
    return std::chrono::milliseconds(std::strtol(env, nullptr, 10));
  return std::chrono::milliseconds(1000);
}

std::string statistics(const std::vector<FileReport>& reports, const RenderOptions& render) {
  struct Count {
    size_t n = 0;
    bool fixable = false;
  };
  std::map<std::string, Count> counts;
  for (const FileReport& r : reports)
    for (const Diagnostic& d : r.diagnostics) {
      Count& c = counts[d.isSyntaxError() ? "syntax-error" : d.code];
      ++c.n;
      c.fixable = c.fixable || isFixable(d, render);
    }
  std::string out;
  for (const auto& [code, c] : counts) {
    const Rule* rule = findRule(code);
    out += fmt::format("{}\t{}\t{}{}\n", c.n, code, c.fixable ? "[*] " : "",
                       rule ? std::string(rule->slug) : std::string());
  }
  return out;
}

// --show-fixes, as ruff prints it: per file, how many of each rule's
// findings were fixed.
std::string fixesApplied(const std::vector<FileReport>& reports, size_t errors, size_t warnings) {
  std::string out = fmt::format("Fixed {}:\n", countFindings(errors, warnings));
  for (const FileReport& r : reports) {
    if (r.fixedCodes.empty()) continue;
    out += fmt::format("- {}:\n", r.file->path());
    std::map<std::string, size_t> byCode;
    for (const std::string& code : r.fixedCodes) ++byCode[code];
    for (const auto& [code, n] : byCode) {
      const Rule* rule = findRule(code);
      out += fmt::format("    {} × {} ({})\n", n, code, rule ? rule->slug : std::string_view());
    }
  }
  return out;
}

// The command line over `[tool.lightfix]`: a `--select` replaces the
// config's, ignores add up, either may ask for the target strategy.
// --report FILE: the table, Markdown or JSON by the name; false, having said
// so, when it cannot be written.
bool writeReport(const std::string& path, const BatchInput& input, std::ostream& err) {
  std::ofstream file(path, std::ios::binary);
  file << renderBatchReport(input, isJsonReport(path));
  if (!file) err << "lightfix: " << path << ": cannot write the report\n";
  return static_cast<bool>(file);
}

// --shard K/N: the paths of part K, and their positions among those named;
// false, having said why, for a shard that cannot be taken.
bool takeShard(const CommonOptions& o, std::vector<std::string>& paths,
               std::vector<size_t>& positions, const CliIo& io) {
  std::string why;
  std::optional<Shard> shard = parseShard(o.shard, why);
  if (!shard) {
    io.err << "lightfix: " << why << "\n";
    return false;
  }
  if (std::find(paths.begin(), paths.end(), "-") != paths.end()) {
    io.err << "lightfix: --shard splits the paths named, and stdin (`-`) is no path\n";
    return false;
  }
  positions = shardPositions(paths, *shard);
  std::vector<std::string> mine;
  mine.reserve(positions.size());
  for (size_t p : positions) mine.push_back(paths[p]);
  paths = std::move(mine);
  return true;
}

int runCommand(CommonOptions o, Mode mode, const CliIo& io) {
  std::vector<std::string> paths = o.paths.empty() ? std::vector<std::string>{"."} : o.paths;
  RunOptions run;
  // The config and environment of the whole fleet, whichever part is checked.
  if (!makeRunOptions(o, paths, mode, run, io.err)) return kExitError;
  std::vector<size_t> positions;
  if (!o.shard.empty()) {
    if (!takeShard(o, paths, positions, io)) return kExitError;
    if (paths.empty()) {
      // More shards than paths: this one's table is empty, and says so.
      if (!o.quiet)
        io.err << fmt::format("lightfix: warning: shard {} has no path: {} paths named\n", o.shard,
                              o.paths.size());
      PathList none;
      std::vector<FileReport> nothing;
      if (!o.report.empty() &&
          !writeReport(o.report, BatchInput{{}, &none, &nothing, o.unsafeFixes, run.mode, {}},
                       io.err))
        return kExitError;
      return kExitClean;
    }
  }

  RunResult result;
  {
    Progress progress;
    run.progress = &progress;
    std::optional<ProgressBar> bar;
    if (!o.quiet && io.errIsTerminal) bar.emplace(progress, progressDelay());
    result = runLightfix(paths, run);
  }
  for (const RunError& e : result.errors) io.err << "lightfix: " << e.line << "\n";
  for (const std::string& n : result.notices) io.err << "lightfix: notice: " << n << "\n";
  // Nothing checked is not all clear: say so, as ruff does, and claim nothing.
  bool noFiles = result.files.empty() && result.configsChecked == 0 && result.reports.empty();
  bool nothingChecked = noFiles || run.rules.empty();
  if (noFiles && result.errors.empty() && !o.quiet)
    io.err << "lightfix: warning: No Python or C++ files found under the given paths\n";
  if (run.rules.empty() && !o.quiet)
    io.err << "lightfix: warning: No rule selected: --select and --ignore leave none\n";
  if (o.fixOnly)  // what is left is not this run's to report
    for (FileReport& r : result.reports) r.diagnostics.clear();

  // `--output-file`: what would go to stdout goes there.
  std::ostringstream toFile;
  std::ostream& out = o.outputFile.empty() ? io.out : toFile;
  RenderOptions render;
  render.unsafeFixes = o.unsafeFixes;
  render.color = useColor(o, io.outIsTerminal && o.outputFile.empty());
  bool fixing = mode == Mode::Fix && !o.diff;
  size_t findings = 0, fixed = 0, fixedWarnings = 0;
  for (const FileReport& r : result.reports) {
    findings += r.diagnostics.size();
    fixed += r.fixed;
    fixedWarnings += r.fixedWarnings;
  }

  if (run.mode == Mode::Diff) {
    out << result.diff;
    if (!o.quiet)
      io.err << (fixed == 0 ? std::string("No errors would be fixed.\n")
                            : fmt::format("Would fix {}.\n",
                                          countFindings(fixed - fixedWarnings, fixedWarnings)));
  } else if (fixing && paths.size() == 1 && paths[0] == "-") {
    out << result.stdinText;
  } else if (o.fixOnly) {
    if (!o.quiet)
      out << (fixed == 0 ? std::string("No fixes applied.\n")
                         : fmt::format("Fixed {}.\n",
                                       countFindings(fixed - fixedWarnings, fixedWarnings)));
  } else if (o.statistics) {
    out << statistics(result.reports, render);
  } else {
    const OutputFormat* format = findOutputFormat(o.outputFormat);
    format->write(result.reports, render, out);
    if (o.showFixes && format->forPeople && fixed > 0)
      out << fixesApplied(result.reports, fixed - fixedWarnings, fixedWarnings);
    // The all-clear only for a run that checked what it was given.
    bool allClear = findings == 0 && fixed == 0;
    if (format->forPeople && !o.quiet &&
        !(allClear && (nothingChecked || anyIoError(result.errors))))
      out << summary(result.reports, render, fixing);
  }

  if (!o.outputFile.empty()) {
    std::ofstream file(o.outputFile, std::ios::binary);
    file << toFile.str();
    if (!file) {
      io.err << "lightfix: " << o.outputFile << ": cannot write the output\n";
      return kExitError;
    }
  }
  if (!o.report.empty() && !writeReport(o.report,
                                        BatchInput{paths, &result.files, &result.reports,
                                                   o.unsafeFixes, run.mode, positions},
                                        io.err))
    return kExitError;
  if (!o.exportFixes.empty()) {
    std::ofstream file(o.exportFixes, std::ios::binary);
    file << exportFixes(result.reports, o.unsafeFixes);
    if (!file) {
      io.err << "lightfix: " << o.exportFixes << ": cannot write the exported fixes\n";
      return kExitError;
    }
  }

  if (anyIoError(result.errors)) return kExitError;
  if (o.exitZero || o.fixOnly) return kExitClean;
  if (run.mode == Mode::Diff) return fixed > 0 ? kExitFindings : kExitClean;
  return findings > 0 ? kExitFindings : kExitClean;
}

// explain --log / fix --from-log.
int logCommand(CommonOptions o, bool apply, const CliIo& io) {
  LogCommand command;
  command.logPath = o.fromLog;
  command.paths = o.paths.empty() ? std::vector<std::string>{"."} : o.paths;
  o.diff = false;
  if (!makeRunOptions(o, command.paths, Mode::Check, command.run, io.err)) return kExitError;
  command.render.unsafeFixes = o.unsafeFixes;
  command.render.color = useColor(o, io.outIsTerminal);
  command.apply = apply;
  return runLogCommand(command, io.out, io.err);
}

// fix -i: each fix offered on the terminal.
int interactiveCommand(CommonOptions o, const CliIo& io) {
  std::vector<std::string> paths = o.paths.empty() ? std::vector<std::string>{"."} : o.paths;
  RunOptions run;
  if (!makeRunOptions(o, paths, Mode::Check, run, io.err)) return kExitError;
  InteractiveOptions interactive;
  interactive.color = useColor(o, io.outIsTerminal);
  interactive.exitZero = o.exitZero;
  return runInteractiveFix(paths, run, interactive);
}

// What follows `--`. As for clang-tidy, compiler flags when a C++ file is
// named before it (`check train.cpp -- -std=c++17 -I…`) or when they start
// with `-`; else, as for ruff, paths (`check -- file.py`), put back among
// the arguments. Returns the compiler flags, if any.
std::optional<std::vector<std::string>> splitAtDashDash(std::vector<std::string>& args) {
  auto dashDash = std::find(args.begin() + (args.empty() ? 0 : 1), args.end(), "--");
  if (dashDash == args.end()) return std::nullopt;
  std::vector<std::string> after(dashDash + 1, args.end());
  args.erase(dashDash, args.end());
  bool cxxNamed = std::any_of(args.begin() + 1, args.end(), isCxxPath);
  if (cxxNamed || (!after.empty() && after[0].size() > 1 && after[0][0] == '-')) return after;
  args.insert(args.end(), after.begin(), after.end());
  return std::nullopt;
}

// `rules --output-format json`: every rule as ruff's `rule --output-format
// json` gives one, its page as `explanation`.
std::string rulesJson() {
  llvm::json::Array out;
  for (const Rule& r : allRules()) {
    auto doc = ruleDocs().find(std::string(r.code));
    out.push_back(llvm::json::Object{
        {"code", std::string(r.code)},
        {"name", std::string(r.slug)},
        {"summary", std::string(r.summary)},
        {"language", r.forCxx() ? "c++" : "python"},
        {"fix", r.fixable() ? "fixable" : "none"},
        {"raises",
         r.raises ? llvm::json::Value(std::string(*r.raises)) : llvm::json::Value(nullptr)},
        {"explanation", doc == ruleDocs().end() ? std::string() : doc->second},
    });
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(out))) << "\n";
  return os.str();
}

// "did you mean" for a command or an option CLI11 does not know.
std::string unknownCommand(const CLI::App& app, const std::vector<std::string>& args) {
  // Down the commands named (`report merge`), to the first word that names none.
  const CLI::App* at = &app;
  std::string named;
  auto commandsOf = [](const CLI::App* parent) {
    std::vector<std::string> commands;
    for (const CLI::App* sub : parent->get_subcommands([](const CLI::App*) { return true; }))
      commands.push_back(sub->get_name());
    return commands;
  };
  for (size_t i = 1; i < args.size(); ++i) {
    if (args[i].empty() || args[i][0] == '-') continue;
    std::vector<std::string> commands = commandsOf(at);
    if (std::find(commands.begin(), commands.end(), args[i]) != commands.end()) {
      at = at->get_subcommand(args[i]);
      named += (named.empty() ? "" : " ") + args[i];
      continue;
    }
    std::string near = closestName(args[i], commands);
    std::string prefix = named.empty() ? "" : named + " ";
    return fmt::format("unknown command `{}{}`{}", prefix, args[i],
                       near.empty() ? fmt::format(" (commands: {})", fmt::join(commands, ", "))
                                    : fmt::format("; did you mean `{}{}`?", prefix, near));
  }
  if (at != &app)
    return fmt::format("`{}` needs a command: {}", named, fmt::join(commandsOf(at), ", "));
  return {};
}

std::string unknownOption(const CLI::App& app, const std::vector<std::string>& args) {
  const CLI::App* command = nullptr;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    if (sub->parsed()) command = sub;
  if (!command) return {};
  std::vector<std::string> names;
  for (const CLI::Option* option : command->get_options())
    for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
  for (size_t i = 2; i < args.size(); ++i) {
    std::string word = args[i].substr(0, args[i].find('='));
    if (word.size() < 3 || word.compare(0, 2, "--") != 0 ||
        std::find(names.begin(), names.end(), word) != names.end())
      continue;
    std::string near = closestName(word, names);
    if (!near.empty()) return fmt::format("; did you mean `{}`?", near);
  }
  return {};
}

}  // namespace

int runCli(std::vector<std::string> args, const CliIo& io) {
  std::optional<std::vector<std::string>> cxxFlags = splitAtDashDash(args);
  CLI::App app{"lightfix: catch Lightning + DeepSpeed crashes before the job starts, and fix them"};
  app.require_subcommand(1);
  const std::string footer =
      "Exit codes: 0 nothing found (or --exit-zero), 1 findings (fix: findings left; --diff: "
      "fixes to apply), 2 the run could not do its job (a usage error, a path it could not "
      "read or write).\nThe rules: `lightfix rules`, `lightfix explain CODE`; the command line "
      "in full: docs/cli.md.";
  app.footer(footer);
  app.set_version_flag("--version", std::string("lightfix ") + version());

  CommonOptions checkOptions;
  CLI::App* check = app.add_subcommand("check", "Report findings (exit 1 if any)");
  addCommon(check, checkOptions);
  check->footer(footer);

  check->add_flag("--fix", checkOptions.fix, "Apply the fixes in place, as `lightfix fix` does");
  check->add_flag("--fix-only", checkOptions.fixOnly,
                  "Apply the fixes; report, and exit 1 for, nothing left over");

  CommonOptions fixOptions;
  CLI::App* fix = app.add_subcommand("fix", "Apply fixes in place");
  addCommon(fix, fixOptions);
  fix->footer(footer);

  CLI::App* rules = app.add_subcommand("rules", "List every rule");
  bool rulesMarkdown = false;
  rules->add_flag("--markdown", rulesMarkdown, "Print docs/rules/index.md, the table of rules");
  std::string rulesFormat = "text";
  rules->add_option("--output-format", rulesFormat, "text (one line a rule) or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();

  fix->add_option("--from-log", fixOptions.fromLog,
                  "Apply the fix for the crash in this log (see `explain --log`), and the same "
                  "rule's further along the run");
  fix->add_flag("-i,--interactive", fixOptions.interactive,
                "Offer each fix, safe or unsafe, on the terminal to apply or skip")
      ->excludes("--diff")
      ->excludes("--from-log")
      ->excludes("--shard");
  // A crash log names its files; a fleet's part is the batch commands'.
  fix->get_option("--from-log")->excludes("--shard");

  CLI::App* report = app.add_subcommand("report", "Work with --report tables");
  report->require_subcommand(1);
  CLI::App* merge =
      report->add_subcommand("merge", "Join the JSON --report tables of a fleet's shards into one");
  std::vector<std::string> mergeFiles;
  std::string mergeOutput;
  merge->add_option("reports", mergeFiles, "The shards' tables (--report FILE.json)")->required();
  merge->add_option("-o,--output", mergeOutput,
                    "Write the table to this file: Markdown, or JSON for a .json name "
                    "(default: Markdown on stdout)");

  CommonOptions explainOptions;
  CLI::App* explain = app.add_subcommand(
      "explain", "Print a rule's documentation, or what a crash log's error means (--log)");
  explain->add_option("code", explainOptions.paths,
                      "A rule code or slug, such as LF001 or backward-before-setup; with --log, "
                      "the project's paths");
  explain->add_option("--log", explainOptions.fromLog,
                      "A crashed job's log: name its rule, the place in the code and the fix");
  explain->add_option("--config", explainOptions.config, "The pyproject.toml to read");
  explain
      ->add_option("--target-strategy", explainOptions.targetStrategy,
                   "Judge every Fabric and Trainer as running this strategy")
      ->check(CLI::IsMember({"deepspeed"}));
  addColorOptions(explain, explainOptions);

  CLI::App* server = app.add_subcommand(
      "server", "Serve editors over the Language Server Protocol on stdin and stdout");
  server->add_flag("--stdio", "Talk over stdin and stdout (the only way; clients pass it)");

  try {
    std::vector<const char*> argv;
    argv.reserve(args.size());
    for (const std::string& arg : args) argv.push_back(arg.c_str());
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e, io.out, io.err);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e, io.out, io.err);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e, io.out, io.err);
  } catch (const CLI::RequiredError& e) {
    // No subcommand: a mistyped one, or none at all.
    std::string why = unknownCommand(app, args);
    io.err << "lightfix: " << (why.empty() ? std::string(e.what()) : why)
           << " (see `lightfix --help`)\n";
    return kExitError;
  } catch (const CLI::ParseError& e) {
    io.err << "lightfix: " << e.what() << unknownOption(app, args) << " (see `lightfix --help`)\n";
    return kExitError;
  }

  checkOptions.cxxFlags = fixOptions.cxxFlags = explainOptions.cxxFlags = cxxFlags;
  if (check->parsed())
    return runCommand(checkOptions,
                      checkOptions.fix || checkOptions.fixOnly ? Mode::Fix : Mode::Check, io);
  if (fix->parsed() && !fixOptions.fromLog.empty()) return logCommand(fixOptions, true, io);
  if (fix->parsed() && fixOptions.interactive) return interactiveCommand(fixOptions, io);
  if (fix->parsed()) return runCommand(fixOptions, Mode::Fix, io);
  if (server->parsed()) return runServer(std::cin, io.out, io.err);
  if (merge->parsed()) return mergeReports(mergeFiles, mergeOutput, io);
  if (rules->parsed()) {
    if (rulesMarkdown) {
      io.out << rulesIndexMarkdown();
      return kExitClean;
    }
    if (rulesFormat == "json") {
      io.out << rulesJson();
      return kExitClean;
    }
    for (const Rule& r : allRules())
      io.out << fmt::format("{}  {:<38} {:<6} {}\n", r.code, r.slug, r.fixable() ? "fix" : "report",
                            r.summary);
    return kExitClean;
  }
  if (explain->parsed() && !explainOptions.fromLog.empty())
    return logCommand(explainOptions, false, io);
  if (explain->parsed()) {
    if (explainOptions.paths.size() != 1) {
      io.err << "lightfix: explain takes one rule code, or --log LOG (see `lightfix explain "
                "--help`)\n";
      return kExitError;
    }
    const std::string& name = explainOptions.paths[0];
    const Rule* rule = ruleNamed(name);
    auto it = rule ? ruleDocs().find(std::string(rule->code)) : ruleDocs().end();
    if (it == ruleDocs().end()) {
      io.err << fmt::format("lightfix: unknown rule code `{}` (see `lightfix rules`)\n", name);
      return kExitError;
    }
    io.out << it->second;
    return kExitClean;
  }
  return kExitError;
}

}  // namespace lightfix
