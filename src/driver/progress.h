#pragma once
// How far a run has got, counted by the workers and read by whoever shows
// it (the CLI's progress bar) from another thread.

#include <atomic>
#include <cstddef>

namespace lightfix {

struct Progress {
  std::atomic<size_t> total{0};     // files discovered
  std::atomic<size_t> done{0};      // files fully checked (or fixed)
  std::atomic<size_t> findings{0};  // found so far, fixed ones included
};

}  // namespace lightfix
