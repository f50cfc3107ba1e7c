#pragma once
// A bounded pool of threads running one task per index; with one job, the
// tasks run in order on the calling thread.

#include <cstddef>
#include <functional>
#include <memory>

namespace llvm {
class ThreadPool;
}

namespace lightfix {

class WorkPool {
 public:
  // `jobs` 0 means one thread per core.
  explicit WorkPool(unsigned jobs);
  ~WorkPool();
  WorkPool(const WorkPool&) = delete;
  WorkPool& operator=(const WorkPool&) = delete;

  // Runs task(0) … task(count - 1), each once, and returns when all are done.
  void forEach(size_t count, const std::function<void(size_t)>& task);

 private:
  std::unique_ptr<llvm::ThreadPool> pool_;  // null with one job
};

}  // namespace lightfix
