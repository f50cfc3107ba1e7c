#pragma once
// The person's terminal, for questions answered with one key: opened on
// /dev/tty so answers come from the keyboard even when stdin is a pipe.
// While a KeyTerminal lives, keys arrive one at a time and are not echoed;
// the terminal's settings come back when it is destroyed, and also when a
// signal ends the process (Ctrl-C, SIGTERM, SIGHUP, or a crash).

#include <termios.h>

#include <memory>
#include <string>

namespace lightfix {

class KeyTerminal {
 public:
  // Null when there is no terminal to open.
  static std::unique_ptr<KeyTerminal> open();

  ~KeyTerminal();
  KeyTerminal(const KeyTerminal&) = delete;
  KeyTerminal& operator=(const KeyTerminal&) = delete;

  // The next key typed, or '\0' once the terminal is gone.
  char readKey();

  // Runs `command` through the shell with stdin, stdout and stderr on the
  // terminal in its usual settings (for an editor); returns its exit status.
  int runOnTerminal(const std::string& command);

 private:
  KeyTerminal(int fd, const termios& saved);
  void enterKeyMode();

  int fd_;
  termios saved_;
};

}  // namespace lightfix
