#pragma once
// A progress bar on stderr for long runs, as cargo and ripgrep users know
// them: drawn only on a terminal, only once a run has lasted a while, and
// erased before the findings are printed.

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "driver/progress.h"

namespace lightfix {

// `[=====>    ] 120/400 files · 3 findings · 850 files/s`, at most `width` columns.
std::string progressLine(size_t done, size_t total, size_t findings, double seconds,
                         unsigned width);

class ProgressBar {
 public:
  // Draws `progress` on stderr ten times a second once `delay` has passed,
  // until destroyed.
  ProgressBar(const Progress& progress, std::chrono::milliseconds delay);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

 private:
  void draw(double seconds) const;

  const Progress& progress_;
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
  std::condition_variable stop_;
  bool stopping_ = false;
  bool shown_ = false;
  std::thread thread_;
};

}  // namespace lightfix
