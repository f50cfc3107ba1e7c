#pragma once
// A terminal for tests, as a person would use one: a shell in a tmux server
// of the test's own (so a user's sessions are never touched), commands and
// keys typed into it, the screen read back, and everything written to it
// logged with its escape sequences.

#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "cli_support.h"

namespace {

// `s` quoted for sh.
inline std::string shellQuoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

class TmuxTerminal {
 public:
  explicit TmuxTerminal(const fs::path& dir, int width = 100, int height = 30)
      : socket_("lightfix-test-" + std::to_string(getpid()) + "-" + std::to_string(next()++)),
        dir_(dir) {
    // A plain sh: no rc files, no prompt colours, no bracketed paste.
    tmux("new-session -d -s t -x " + std::to_string(width) + " -y " + std::to_string(height) +
         " -c " + shellQuoted(dir.string()) + " sh");
    tmux("pipe-pane -t t -o " +
         shellQuoted("cat >> " + shellQuoted((dir / "terminal.log").string())));
  }
  ~TmuxTerminal() { tmux("kill-server"); }
  TmuxTerminal(const TmuxTerminal&) = delete;
  TmuxTerminal& operator=(const TmuxTerminal&) = delete;

  // Types `command` at the shell and waits until it has finished.
  void run(const std::string& command) {
    start(command);
    waitFinished();
  }
  // Types `command` at the shell and returns at once; waitFinished() waits.
  void start(const std::string& command) {
    fs::remove(dir_ / ".finished");
    tmux("send-keys -t t -l " + shellQuoted(command + "; touch .finished"));
    press("Enter");
  }
  bool waitFinished(std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
    return poll(timeout, [&] { return fs::exists(dir_ / ".finished"); });
  }
  // One key: a character as typed, or a tmux key name ("Enter", "C-c").
  void press(const std::string& key) {
    bool named = key.size() > 1;
    tmux("send-keys -t t " + std::string(named ? "" : "-l ") + shellQuoted(key));
  }
  // Waits until `text` has appeared `times` times in the transcript.
  bool waitFor(const std::string& text, size_t times = 1,
               std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
    return poll(timeout, [&] { return count(transcript(), text) >= times; });
  }

  // What the screen shows now.
  std::string screen() { return capture("capture-pane -t t -p"); }
  // The screen with its colours and attributes as escape sequences.
  std::string styledScreen() { return capture("capture-pane -t t -p -e"); }
  // Everything shown since the start, scrolled off or not, wrapped lines joined.
  std::string transcript() { return capture("capture-pane -t t -p -J -S -"); }
  // Everything written to the terminal, escape sequences included.
  std::string log() const { return slurp(dir_ / "terminal.log"); }

  static size_t count(const std::string& haystack, const std::string& needle) {
    size_t n = 0;
    for (size_t at = haystack.find(needle); at != std::string::npos;
         at = haystack.find(needle, at + needle.size()))
      ++n;
    return n;
  }

 private:
  static int& next() {
    static int n = 0;
    return n;
  }
  template <typename Done>
  static bool poll(std::chrono::milliseconds timeout, Done done) {
    auto until = std::chrono::steady_clock::now() + timeout;
    while (!done()) {
      if (std::chrono::steady_clock::now() > until) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return true;
  }
  int tmux(const std::string& args) {
    return std::system(("env -u TMUX tmux -L " + socket_ + " " + args).c_str());
  }
  std::string capture(const std::string& args) {
    std::string cmd = "env -u TMUX tmux -L " + socket_ + " " + args;
    std::string out;
    FILE* pipe = popen(cmd.c_str(), "r");
    std::array<char, 4096> buf{};
    size_t n = 0;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) out.append(buf.data(), n);
    pclose(pipe);
    return out;
  }

  std::string socket_;
  fs::path dir_;
};

}  // namespace
