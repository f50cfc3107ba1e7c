#include "driver/work_pool.h"

#include <llvm/Support/ThreadPool.h>
#include <llvm/Support/Threading.h>

namespace lightfix {

WorkPool::WorkPool(unsigned jobs) {
  llvm::ThreadPoolStrategy strategy = llvm::hardware_concurrency(jobs);
  if (strategy.compute_thread_count() > 1) pool_ = std::make_unique<llvm::ThreadPool>(strategy);
}

WorkPool::~WorkPool() = default;

void WorkPool::forEach(size_t count, const std::function<void(size_t)>& task) {
  if (!pool_ || count < 2) {
    for (size_t i = 0; i < count; ++i) task(i);
    return;
  }
  for (size_t i = 0; i < count; ++i) pool_->async([&task, i] { task(i); });
  pool_->wait();
}

}  // namespace lightfix
