#include "driver/table_store.h"

#include <fmt/format.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Process.h>

#include <chrono>

#include "driver/binary_identity.h"
#include "driver/cache_files.h"
#include "driver/result_cache.h"

namespace lightfix {

namespace {

using Clock = std::chrono::system_clock;

// The bytes of the file at `path`; none when it cannot be read.
std::unique_ptr<llvm::MemoryBuffer> readTable(const std::string& path) {
  int fd = -1;
  if (llvm::sys::fs::openFileForRead(path, fd)) return nullptr;
  llvm::sys::fs::file_status status;
  std::unique_ptr<llvm::MemoryBuffer> bytes;
  if (!llvm::sys::fs::status(fd, status)) {
    auto buffer = llvm::MemoryBuffer::getOpenFile(fd, path, status.getSize(),
                                                  /*RequiresNullTerminator=*/false);
    if (buffer) bytes = std::move(*buffer);
    // Pruning goes by the time a table was last written or touched.
    bool stale = status.getLastModificationTime() < Clock::now() - std::chrono::hours(24);
    if (bytes && stale) llvm::sys::fs::setLastAccessAndModificationTime(fd, Clock::now());
  }
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  return bytes;
}

}  // namespace

TableStore::TableStore(const std::string& cacheDir) {
  if (cacheDir.empty() || binaryIdentity().empty()) return;
  cacheDir_ = cacheDir;
  dir_ = cacheDir + "/tables";
  binary_ = fmt::format("{:016x}", contentHash(binaryIdentity()));
}

std::string TableStore::pathOf(std::string_view text) const {
  return fmt::format("{}/{}-{:016x}-{}.table", dir_, binary_, contentHash(text), text.size());
}

SyntaxTree TableStore::parse(std::string_view text) const {
  if (!enabled()) return SyntaxTree::parse(text);
  std::string path = pathOf(text);
  if (std::shared_ptr<const llvm::MemoryBuffer> bytes = readTable(path)) {
    // The table's entries are read where the file is mapped, not copied.
    llvm::StringRef in = bytes->getBuffer();
    if (auto table = NodeTable::fromBytes({in.data(), in.size()}, text.size(), bytes))
      return SyntaxTree::of(std::move(table));
  }
  SyntaxTree tree = SyntaxTree::parse(text);
  store(path, tree.table());
  return tree;
}

void TableStore::store(const std::string& path, const NodeTable& table) const {
  // The folders are made once per run, not for each table.
  std::call_once(folderMade_,
                 [&] { folderReady_ = makeCacheFolder(cacheDir_) && makeCacheFolder(dir_); });
  if (folderReady_ && writeCacheFile(dir_, "table", table.bytes(), path)) wrote_ = true;
}

void TableStore::prune(int days) const {
  if (enabled() && wrote_) removeUntouched(dir_, {".table", ".tmp"}, days);
}

}  // namespace lightfix
