#include "cli/terminal.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <iterator>

namespace lightfix {

namespace {

// What a signal handler needs to put the terminal back: only plain data, as
// nothing else may be touched there.
int gFd = -1;
termios gSaved;
volatile std::sig_atomic_t gRestore = 0;

// Interrupted, ended, hung up, or crashed: the terminal is put back first.
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGFPE};
struct sigaction gPrevious[std::size(kSignals)];

extern "C" void restoreAndDie(int sig) {
  if (gRestore) {
    // The shell may have taken the terminal back already (Ctrl-C also ends
    // a subshell around us): from a background group, setting the modes
    // is allowed only while SIGTTOU is ignored.
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGTTOU, &ignore, nullptr);
    tcsetattr(gFd, TCSANOW, &gSaved);
    ssize_t ignored = write(gFd, "\n", 1);
    (void)ignored;
  }
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

}  // namespace

std::unique_ptr<KeyTerminal> KeyTerminal::open() {
  int fd = ::open("/dev/tty", O_RDWR | O_CLOEXEC);
  if (fd < 0) return nullptr;
  termios saved{};
  if (tcgetattr(fd, &saved) != 0) {
    close(fd);
    return nullptr;
  }
  std::unique_ptr<KeyTerminal> terminal(new KeyTerminal(fd, saved));
  gFd = fd;
  gSaved = saved;
  struct sigaction action {};
  action.sa_handler = restoreAndDie;
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < std::size(kSignals); ++i) sigaction(kSignals[i], &action, &gPrevious[i]);
  terminal->enterKeyMode();
  return terminal;
}

KeyTerminal::KeyTerminal(int fd, const termios& saved) : fd_(fd), saved_(saved) {}

KeyTerminal::~KeyTerminal() {
  tcsetattr(fd_, TCSANOW, &saved_);
  gRestore = 0;
  for (size_t i = 0; i < std::size(kSignals); ++i) sigaction(kSignals[i], &gPrevious[i], nullptr);
  close(fd_);
}

// No line buffering, no echo; Ctrl-C still interrupts, and output keeps its
// newline translation.
void KeyTerminal::enterKeyMode() {
  termios keys = saved_;
  keys.c_lflag &= ~static_cast<tcflag_t>(ICANON | ECHO);
  keys.c_cc[VMIN] = 1;
  keys.c_cc[VTIME] = 0;
  gRestore = 1;  // first: a signal during the switch still restores
  tcsetattr(fd_, TCSANOW, &keys);
}

char KeyTerminal::readKey() {
  char key = 0;
  for (;;) {
    ssize_t n = read(fd_, &key, 1);
    if (n == 1) return key;
    if (n < 0 && errno == EINTR) continue;
    return '\0';
  }
}

int KeyTerminal::runOnTerminal(const std::string& command) {
  gRestore = 0;
  tcsetattr(fd_, TCSANOW, &saved_);
  // std::system ignores SIGINT in this process while the command runs, so
  // Ctrl-C in the editor is the editor's.
  int status = std::system((command + " </dev/tty >/dev/tty 2>&1").c_str());
  enterKeyMode();
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace lightfix
