#include "cli/interactive_fix.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <set>

#include "cli/finding_keys.h"
#include "cli/terminal.h"
#include "core/environment.h"
#include "core/errors.h"
#include "core/notebook.h"
#include "core/read_file.h"
#include "edit/apply_fixes.h"
#include "edit/atomic_write.h"
#include "report/fix_hunk.h"
#include "report/render.h"
#include "report/style.h"

namespace lightfix {

namespace {

constexpr const char* kPrompt =
    "Apply this fix? [y]es, [n]o, [a]ll in this file, [A]ll, [q]uit, [e]dit, [?] help";
constexpr const char* kHelp =
    "  y      apply this fix\n"
    "  n      skip this fix\n"
    "  a      apply this and the rest of this file's safe fixes without asking\n"
    "  A      the same for every file still to come\n"
    "         (a and A skip unsafe fixes, unless --unsafe-fixes is given)\n"
    "  q      quit; the fixes accepted so far are written\n"
    "  e      open the file in $VISUAL or $EDITOR at this line, then check it again\n"
    "  ?      print this help\n"
    "  Enter  y for a safe fix, n for an unsafe one\n";

enum class Answer { Yes, No, AllInFile, All, Quit, Edit };

bool isSafe(const Diagnostic& d) { return d.fix->applicability == Applicability::Safe; }

std::string shellQuoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string editorCommand() {
  for (const char* name : {"VISUAL", "EDITOR"})
    if (const char* value = envValue(name)) return value;
  return "vi";
}

// One file while its fixes are offered.
struct OpenFile {
  std::string path;
  std::string onDisk;                         // what the file holds, as last read or written
  std::shared_ptr<const SourceFile> current;  // with the fixes accepted so far
  std::vector<Diagnostic> diagnostics;        // on `current`
  std::set<FindingKey> declined;              // never offered again
  size_t unwritten = 0;                       // fixes accepted since the last write
  bool auto_ = false;                         // `a`: no more questions in this file
};

class Session {
 public:
  Session(const CheckedRun& project, KeyTerminal& terminal, bool unsafeFixes, Style style)
      : project_(project), terminal_(terminal), unsafeFixes_(unsafeFixes), style_(style) {}

  // Offers the fixes of one file; false once the person quit.
  bool offer(const FileReport& report);
  // A file not offered (after a quit): its findings stay.
  void leaveAsIs(const FileReport& report) { left_ += report.diagnostics.size(); }

  std::string summary() const {
    return fmt::format("Applied {} {}, skipped {}, {} left.\n", applied_,
                       applied_ == 1 ? "fix" : "fixes", skipped_, left_);
  }
  size_t left() const { return left_; }
  bool ioError() const { return ioError_; }

 private:
  void show(const OpenFile& f, const Diagnostic& d);
  Answer ask(const Diagnostic& d);
  void apply(OpenFile& f, const Diagnostic& d, const FindingKey& key, bool quietly);
  void decline(OpenFile& f, const FindingKey& key) {
    f.declined.insert(key);
    ++skipped_;
  }
  bool edit(OpenFile& f, const Diagnostic& d);
  bool write(OpenFile& f);
  void answer(const char* key) { std::cout << key << "\n"; }

  const CheckedRun& project_;
  KeyTerminal& terminal_;
  bool unsafeFixes_;
  Style style_;
  bool all_ = false;  // `A`: no more questions anywhere
  size_t applied_ = 0;
  size_t skipped_ = 0;
  size_t left_ = 0;
  bool ioError_ = false;
};

void Session::show(const OpenFile& f, const Diagnostic& d) {
  std::string where = placeOf(f.path, d.location) + ":";
  const char* color = d.severity == Severity::Error ? kRed : kYellow;
  std::cout << "\n"
            << fmt::format("{} {} {}\n", style_(kBold, where), style_(color, severityAndCode(d)),
                           style_(kBold, d.message));
  std::string kind = isSafe(d) ? style_(kGreen, "safe fix") : style_(kYellow, "unsafe fix");
  std::cout << fmt::format("  = {}: {}\n\n", kind, d.fix->message)
            << renderFixHunk(*f.current, *d.fix, style_) << "\n";
}

Answer Session::ask(const Diagnostic& d) {
  std::cout << style_(kBold, kPrompt) << " " << std::flush;
  for (;;) {
    char key = terminal_.readKey();
    switch (key) {
      case 'y':
        answer("y");
        return Answer::Yes;
      case 'n':
        answer("n");
        return Answer::No;
      case '\n':
      case '\r':
        answer(isSafe(d) ? "y" : "n");
        return isSafe(d) ? Answer::Yes : Answer::No;
      case 'a':
        answer("a");
        return Answer::AllInFile;
      case 'A':
        answer("A");
        return Answer::All;
      case 'e':
        answer("e");
        return Answer::Edit;
      case 'q':
      case '\x04':  // Ctrl-D
      case '\0':    // the terminal is gone
        answer("q");
        return Answer::Quit;
      case '?':
        answer("?");
        std::cout << kHelp << style_(kBold, kPrompt) << " " << std::flush;
        break;
      default:
        std::cout << '\a' << std::flush;  // not an answer: ask on
    }
  }
}

void Session::apply(OpenFile& f, const Diagnostic& d, const FindingKey& key, bool quietly) {
  std::string where = fmt::format("{}: {}", placeOf(f.path, d.location), severityAndCode(d));
  // The check that the fixed text is sound finds what is left in it.
  std::vector<Diagnostic> found;
  auto sound = [&](const std::string& text) {
    found = project_.recheck(SourceFile(f.path, text));
    return !isSyntaxError(found);
  };
  FixedTogether together = applyTogether(f.current->text(), {&*d.fix}, sound);
  if (together.outcome != FixedTogether::Applied) {
    std::cout << fmt::format("{} fix not applied: the fixed file would not parse\n", where);
    decline(f, key);
    return;
  }
  auto fixed = std::make_shared<const SourceFile>(f.path, std::move(together.text));
  // A finding its own fix leaves in place must not be offered again.
  auto sameLine = [&](const std::vector<FindingKey>& keys) {
    return std::count_if(keys.begin(), keys.end(), [&](const FindingKey& k) {
      return k.code == key.code && k.line == key.line;
    });
  };
  if (sameLine(findingKeys(*fixed, found)) >= sameLine(findingKeys(*f.current, f.diagnostics)))
    f.declined.insert(key);
  f.current = std::move(fixed);
  f.diagnostics = std::move(found);
  ++applied_;
  ++f.unwritten;
  if (quietly) std::cout << fmt::format("{} applied: {}\n", where, d.fix->message);
}

bool Session::write(OpenFile& f) {
  if (f.current->text() == f.onDisk) return true;
  // The text is the notebook's cells joined, not its JSON.
  std::string why = isNotebookPath(f.path)
                        ? "a notebook: not written (`lightfix fix` fixes notebooks)"
                        : writeFileAtomically(f.path, f.onDisk, f.current->text());
  if (why.empty()) {
    f.onDisk = f.current->text();
    f.unwritten = 0;
    return true;
  }
  std::cerr << fmt::format("lightfix: {}: {}\n", f.path, why);
  ioError_ = true;
  applied_ -= f.unwritten;
  skipped_ += f.unwritten;
  f.unwritten = 0;
  f.current = std::make_shared<const SourceFile>(f.path, f.onDisk);
  f.diagnostics = project_.recheck(*f.current);
  return false;
}

// Writes what was accepted, lets the person edit, and re-checks what the
// editor left; false when the file cannot be offered any more.
bool Session::edit(OpenFile& f, const Diagnostic& d) {
  if (!write(f)) return false;
  std::cout << std::flush;
  std::string command =
      fmt::format("{} +{} {}", editorCommand(), d.location.row, shellQuoted(f.path));
  int status = terminal_.runOnTerminal(command);
  if (status != 0) std::cout << fmt::format("The editor exited with status {}.\n", status);
  std::string text;
  if (!readWholeFile(f.path, text)) {
    std::cerr << fmt::format("lightfix: {}: cannot read file\n", f.path);
    ioError_ = true;
    return false;
  }
  f.onDisk = text;
  f.current = std::make_shared<const SourceFile>(f.path, std::move(text));
  f.diagnostics = project_.recheck(*f.current);
  if (isSyntaxError(f.diagnostics))
    std::cerr << fmt::format(
        "lightfix: {}: invalid Python syntax after the edit; file left as it is\n", f.path);
  return true;
}

bool Session::offer(const FileReport& report) {
  if (isSyntaxError(report.diagnostics)) {
    leaveAsIs(report);
    return true;
  }
  OpenFile f{
      report.file->path(), report.file->text(), report.file, report.diagnostics, {}, 0, false};
  bool quit = false;
  for (bool open = true; open && !quit;) {
    std::vector<FindingKey> keys = findingKeys(*f.current, f.diagnostics);
    size_t i = 0;
    while (i < keys.size() && (!f.diagnostics[i].fix || f.declined.count(keys[i]))) ++i;
    if (i == keys.size()) break;
    const Diagnostic d = f.diagnostics[i];
    const FindingKey key = keys[i];
    if (f.auto_ || all_) {
      if (isSafe(d) || unsafeFixes_) {
        apply(f, d, key, true);
      } else {
        std::cout << fmt::format("{}: {} skipped: unsafe fix (--unsafe-fixes applies it)\n",
                                 placeOf(f.path, d.location), severityAndCode(d));
        decline(f, key);
      }
      continue;
    }
    show(f, d);
    switch (ask(d)) {
      case Answer::Yes:
        apply(f, d, key, false);
        break;
      case Answer::No:
        decline(f, key);
        break;
      case Answer::AllInFile:
        f.auto_ = true;
        break;
      case Answer::All:
        all_ = true;
        break;
      case Answer::Quit:
        quit = true;
        break;
      case Answer::Edit:
        open = edit(f, d);
        break;
    }
  }
  write(f);
  left_ += f.diagnostics.size();
  return !quit;
}

}  // namespace

int runInteractiveFix(const std::vector<std::string>& paths, const RunOptions& run,
                      const InteractiveOptions& options) {
  if (std::find(paths.begin(), paths.end(), "-") != paths.end()) {
    std::cerr << "lightfix: fix -i cannot fix stdin (`-`); name the files\n";
    return kExitError;
  }
  std::unique_ptr<KeyTerminal> terminal = KeyTerminal::open();
  if (!terminal) {
    std::cerr << "lightfix: fix -i needs a terminal to ask on\n";
    return kExitError;
  }
  RunOptions check = run;
  check.mode = Mode::Check;
  CheckedRun project(paths, check);
  for (const RunError& e : project.result().errors) std::cerr << "lightfix: " << e.line << "\n";
  bool ioError = anyIoError(project.result().errors);

  Session session(project, *terminal, run.unsafeFixes, Style{options.color});
  bool asking = true;
  for (const FileReport& report : project.result().reports) {
    if (asking)
      asking = session.offer(report);
    else
      session.leaveAsIs(report);
  }
  std::cout << session.summary() << std::flush;

  if (ioError || session.ioError()) return kExitError;
  if (session.left() == 0 || options.exitZero) return kExitClean;
  return kExitFindings;
}

}  // namespace lightfix
