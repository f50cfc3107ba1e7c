#include "report/progress_bar.h"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdio>

namespace lightfix {

namespace {

constexpr unsigned kBarWidth = 24;
constexpr std::chrono::milliseconds kRedraw{100};

unsigned terminalWidth() {
  winsize size{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;
}

}  // namespace

std::string progressLine(size_t done, size_t total, size_t findings, double seconds,
                         unsigned width) {
  size_t filled = total == 0 ? kBarWidth : done * kBarWidth / total;
  std::string bar(filled, '=');
  if (filled < kBarWidth) bar += '>';
  bar.resize(kBarWidth, ' ');
  double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
  std::string line = fmt::format("[{}] {}/{} files · {} finding{} · {:.0f} files/s", bar, done,
                                 total, findings, findings == 1 ? "" : "s", rate);
  // Never wrap: a wrapped line cannot be redrawn in place. `·` is one
  // column but two bytes.
  size_t columns = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) continue;  // inside a character
    if (columns == width) {
      line.resize(i);
      break;
    }
    ++columns;
  }
  return line;
}

ProgressBar::ProgressBar(const Progress& progress, std::chrono::milliseconds delay)
    : progress_(progress), start_(std::chrono::steady_clock::now()) {
  thread_ = std::thread([this, delay] {
    std::unique_lock<std::mutex> lock(mutex_);
    if (stop_.wait_for(lock, delay, [this] { return stopping_; })) return;
    do {
      draw(std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count());
      shown_ = true;
    } while (!stop_.wait_for(lock, kRedraw, [this] { return stopping_; }));
  });
}

ProgressBar::~ProgressBar() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  stop_.notify_all();
  thread_.join();
  if (shown_) {
    // The finished state, then a clean line for what follows.
    draw(std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count());
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  }
}

void ProgressBar::draw(double seconds) const {
  std::string line = progressLine(progress_.done, progress_.total, progress_.findings, seconds,
                                  terminalWidth() - 1);
  std::fprintf(stderr, "\r\033[K%s", line.c_str());
  std::fflush(stderr);
}

}  // namespace lightfix
