#include "cli/from_log.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <optional>

#include "core/budgets.h"
#include "core/errors.h"
#include "core/notebook.h"
#include "core/read_file.h"
#include "edit/apply_fixes.h"
#include "edit/atomic_write.h"
#include "logs/crash_diagnosis.h"
#include "logs/crash_log.h"
#include "python/node.h"
#include "python/syntax_tree.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

// `ranks 0-3, 5`, or empty when the lines carried no rank.
std::string rankList(const std::vector<int>& ranks) {
  std::vector<std::string> parts;
  for (size_t i = 0; i < ranks.size(); ++i) {
    if (ranks[i] < 0) continue;
    size_t j = i;
    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) ++j;
    parts.push_back(j == i ? std::to_string(ranks[i]) : fmt::format("{}-{}", ranks[i], ranks[j]));
    i = j;
  }
  if (parts.empty()) return {};
  return fmt::format("{} {}", ranks.size() == 1 ? "rank" : "ranks", fmt::join(parts, ", "));
}

std::string firstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

using Candidate = std::pair<const FileReport*, const Diagnostic*>;

// The place each finding is in, to tell one crash site from another: its
// file and the function holding it (for LF003, the `training_step`;
// Lightning raises after it has returned, so no frame of the log points
// into it). Each file is parsed once.
std::vector<std::string> placesOf(const std::vector<Candidate>& candidates) {
  std::vector<std::string> places;
  const FileReport* parsed = nullptr;
  SyntaxTree tree;
  for (auto [report, d] : candidates) {
    if (report != parsed) {
      tree = SyntaxTree::parse(report->file->text());
      parsed = report;
    }
    Node node = descendantForRange(tree.root(), d->offset, d->offset + d->length);
    while (!isNull(node) && !is(node, "function_definition")) node = parentOf(node);
    places.push_back(fmt::format("{}\n{}", report->file->path(), isNull(node) ? 0 : startOf(node)));
  }
  return places;
}

struct Selected {
  const FileReport* report = nullptr;
  std::vector<const Diagnostic*> diagnostics;  // one place's: usually one
  std::string how;                             // how the place was found
};

Selected select(const RunResult& result, const Rule& rule,
                const std::optional<ProjectFrame>& frame) {
  std::vector<Candidate> candidates;
  for (const FileReport& r : result.reports)
    for (const Diagnostic& d : r.diagnostics)
      if (d.code == rule.code) candidates.emplace_back(&r, &d);
  Selected s;
  if (frame) {
    const std::string& path = result.files[frame->file];
    for (auto [r, d] : candidates)
      if (r->file->path() == path && d->location.row <= frame->line &&
          frame->line <= d->endLocation.row) {
        s.report = r;
        s.diagnostics.push_back(d);
      }
    if (s.report) {
      s.how = "at the traceback's innermost frame in the project";
      return s;
    }
  }
  // No finding on the stack: one place in the project, or one in the
  // frame's file.
  std::vector<std::string> places = placesOf(candidates);
  for (bool sameFileOnly : {false, true}) {
    if (sameFileOnly && !frame) break;
    std::vector<size_t> kept;
    for (size_t i = 0; i < candidates.size(); ++i)
      if (!sameFileOnly || candidates[i].first->file->path() == result.files[frame->file])
        kept.push_back(i);
    if (kept.empty()) continue;
    bool one = std::all_of(kept.begin(), kept.end(),
                           [&](size_t i) { return places[i] == places[kept[0]]; });
    if (!one) continue;
    s.report = candidates[kept[0]].first;
    for (size_t i : kept) s.diagnostics.push_back(candidates[i].second);
    s.how = sameFileOnly ? "the only place in that file" : "the only place in the project";
    return s;
  }
  return s;
}

// Applies the selected fixes, all of them or none.
bool applySelected(const Selected& s, std::ostream& out, std::ostream& err) {
  const SourceFile& file = *s.report->file;
  std::vector<const Fix*> fixes;
  for (const Diagnostic* d : s.diagnostics) fixes.push_back(&*d->fix);
  FixedTogether fixed = applyTogether(file.text(), fixes, pythonParses);
  if (fixed.outcome == FixedTogether::Overlap) {
    err << fmt::format("lightfix: {}: the fixes overlap; nothing applied\n", file.path());
    return false;
  }
  if (fixed.outcome == FixedTogether::Unsound) {
    err << fmt::format("lightfix: {}: the fixed file would not parse; nothing applied\n",
                       file.path());
    return false;
  }
  // A notebook's text is its cells joined, not its JSON.
  std::string why = isNotebookPath(file.path())
                        ? "a notebook: not written (`lightfix fix` fixes notebooks)"
                        : writeFileAtomically(file.path(), file.text(), fixed.text);
  if (!why.empty()) {
    err << fmt::format("lightfix: {}: {}\n", file.path(), why);
    return false;
  }
  for (const Diagnostic* d : s.diagnostics)
    out << fmt::format("Fixed {} at {}: {}\n", d->code, placeOf(file.path(), d->location),
                       d->fix->message);
  return true;
}

// The project files a traceback ran through, by index into `files`: each
// frame's own, matched as the innermost one is.
std::vector<size_t> runPathFiles(const RaisedError& error, const std::vector<std::string>& files) {
  std::vector<size_t> out;
  RaisedError prefix = error;
  while (!prefix.frames.empty()) {
    if (auto frame = innermostProjectFrame(prefix, files))
      if (std::find(out.begin(), out.end(), frame->file) == out.end()) out.push_back(frame->file);
    prefix.frames.pop_back();
  }
  return out;
}

// After the logged place is fixed, the same rule's other places in the
// files the run went through (a GAN's second `fabric.backward`): fixed
// too, one per file and round, each round checked afresh, so the relaunch
// does not stop at the next one after the same wait in the queue.
bool fixRestOfRunPath(const LogCommand& command, const RunOptions& run, const Rule& rule,
                      std::vector<std::string> paths, std::ostream& out, std::ostream& err) {
  bool ok = true;
  bool announced = false;
  for (int round = 0; round < kMaxFixRounds; ++round) {
    CheckedRun again(command.paths, run);
    std::vector<Selected> next;
    for (const FileReport& r : again.result().reports) {
      if (std::find(paths.begin(), paths.end(), r.file->path()) == paths.end()) continue;
      for (const Diagnostic& d : r.diagnostics)
        if (d.code == rule.code && d.fix &&
            (d.fix->applicability == Applicability::Safe || run.unsafeFixes)) {
          next.push_back({&r, {&d}, {}});
          break;
        }
    }
    if (next.empty()) break;
    if (!announced) out << "Further along the run, where the relaunch would stop next:\n";
    announced = true;
    bool progress = false;
    for (const Selected& s : next) {
      bool applied = applySelected(s, out, err);
      progress = progress || applied;
      ok = ok && applied;
      // A failed place stays failed: not retried in every round.
      if (!applied)
        paths.erase(std::remove(paths.begin(), paths.end(), s.report->file->path()), paths.end());
    }
    if (!progress) break;
  }
  return ok;
}

}  // namespace

int runLogCommand(const LogCommand& command, std::ostream& out, std::ostream& err) {
  std::string log;
  if (!readWholeFile(command.logPath, log)) {
    err << fmt::format("lightfix: {}: cannot read file\n", command.logPath);
    return kExitError;
  }
  std::vector<RaisedError> errors = readCrashLog(log);
  std::vector<std::pair<const Rule*, const RaisedError*>> known;
  for (const RaisedError& e : errors)
    if (const Rule* rule = ruleForError(e)) known.emplace_back(rule, &e);
  if (known.empty()) {
    if (errors.empty())
      err << fmt::format("lightfix: {}: no Python error found in the log\n", command.logPath);
    else
      err << fmt::format("lightfix: {}: lightfix has no rule for the error in this log: {}{}{}\n",
                         command.logPath, errors.back().type,
                         errors.back().message.empty() ? "" : ": ",
                         firstLine(errors.back().message));
    return kExitFindings;
  }

  CheckedRun checked(command.paths, command.run);
  for (const RunError& e : checked.result().errors) err << "lightfix: " << e.line << "\n";
  std::unique_ptr<CheckedRun> assumingDeepSpeed;  // made when first needed
  int exit = kExitClean;
  std::vector<std::string> handled;
  for (auto [rule, error] : known) {
    std::optional<ProjectFrame> frame = innermostProjectFrame(
        *error, {checked.result().files.begin(), checked.result().files.end()});
    std::string key =
        fmt::format("{}\n{}:{}", rule->code, frame ? frame->file : 0, frame ? frame->line : 0);
    if (std::find(handled.begin(), handled.end(), key) != handled.end()) continue;
    handled.push_back(key);

    std::string ranks = rankList(error->ranks);
    out << fmt::format("The log shows {} ({}){}:\n    {}: {}\n", rule->code, rule->slug,
                       ranks.empty() ? "" : ", raised on " + ranks, error->type,
                       firstLine(error->message));
    if (frame)
      out << fmt::format("Its innermost frame in the project: {}:{}{}.\n",
                         checked.result().files[frame->file], frame->line,
                         frame->function.empty() ? "" : ", in " + frame->function);
    else
      out << "No frame of its traceback is in the project.\n";
    out << fmt::format("It means: {}.\n", rule->summary);

    Selected s = select(checked.result(), *rule, frame);
    bool usedAssumption = false;
    if (!s.report) {
      // The crash proves DeepSpeed ran even where the source leaves the
      // strategy open (a flag, an environment variable).
      if (!assumingDeepSpeed) {
        RunOptions run = command.run;
        run.model.targetDeepSpeed = true;
        run.progress = nullptr;
        assumingDeepSpeed = std::make_unique<CheckedRun>(command.paths, run);
      }
      s = select(assumingDeepSpeed->result(), *rule, frame);
      usedAssumption = s.report != nullptr;
      if (s.report) s.how += "; the source leaves the strategy open, the log shows DeepSpeed ran";
    }
    if (!s.report) {
      out << fmt::format(
          "lightfix found no {} finding it can tie to this crash; run `lightfix check --select "
          "{}` on the project.\n\n",
          rule->code, rule->code);
      exit = kExitFindings;
      continue;
    }
    FileReport shown{s.report->file, {}, 0, {}};
    for (const Diagnostic* d : s.diagnostics) shown.diagnostics.push_back(*d);
    out << fmt::format("The place ({}):\n\n", s.how) << renderFull({shown}, command.render);

    bool fixable = true;
    for (const Diagnostic* d : s.diagnostics) fixable = fixable && d->fix.has_value();
    if (!fixable) {
      out << fmt::format("{} has no automatic fix here; see `lightfix explain {}`.\n\n", rule->code,
                         rule->code);
      exit = kExitFindings;
      continue;
    }
    bool unsafe = false;
    for (const Diagnostic* d : s.diagnostics)
      unsafe = unsafe || d->fix->applicability == Applicability::Unsafe;
    if (!command.apply) {
      out << fmt::format("Apply it with `lightfix fix --from-log {}{}`.\n\n", command.logPath,
                         unsafe ? " --unsafe-fixes" : "");
      continue;
    }
    if (unsafe && !command.run.unsafeFixes) {
      err << fmt::format("lightfix: the fix for {} is unsafe; add --unsafe-fixes to apply it\n",
                         rule->code);
      exit = kExitFindings;
      continue;
    }
    if (!applySelected(s, out, err)) {
      exit = kExitFindings;
      continue;
    }
    const RunResult& seen = usedAssumption ? assumingDeepSpeed->result() : checked.result();
    std::vector<std::string> paths{s.report->file->path()};
    for (size_t i : runPathFiles(*error, {seen.files.begin(), seen.files.end()}))
      if (std::find(paths.begin(), paths.end(), seen.files[i]) == paths.end())
        paths.push_back(seen.files[i]);
    RunOptions run = command.run;
    run.progress = nullptr;
    run.model.targetDeepSpeed = run.model.targetDeepSpeed || usedAssumption;
    if (!fixRestOfRunPath(command, run, *rule, paths, out, err)) exit = kExitFindings;
  }
  return exit;
}

}  // namespace lightfix
