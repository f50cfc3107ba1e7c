#pragma once
// result_cache: what checking a project gave, kept on disk between runs, so
// that a project none of whose files changed is not parsed again: the second
// `lightfix check` of a pre-commit hook or a CI job, a fleet checked again.
//
// An entry holds one project's result under a key of all it depends on: the
// bytes of each of its files and configs (not their times), and whatever of
// the run changes a finding (the binary, the rules, the options). Any
// difference is a miss. A cache that cannot be read or written is no cache,
// never an error of the run.

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "driver/file_outcome.h"
#include "driver/run.h"

namespace lightfix {

// A file's bytes, hashed for the key.
uint64_t contentHash(std::string_view bytes);

// Builds a project's key from the run's options and its files, in order.
class CacheKey {
 public:
  explicit CacheKey(const RunOptions& options);
  void addFile(std::string_view path, uint64_t hash);
  // A file of the project around the files named, read for the model only
  // (or skipped, with its size for a hash).
  void addContext(std::string_view path, bool skipped, uint64_t hash);
  // A file skipped unread (max-file-size): its size alone decides its outcome.
  void addSkipped(std::string_view path, uint64_t size);
  // A C++ source no compilation command names: never read, it gives
  // nothing, so only its place among the files counts.
  void addUncompiled(std::string_view path);
  std::string digest() const;  // hex SHA-256 of all that was added

 private:
  std::string text_;
};

// A project's result: its files' outcomes and its configs' reports, by
// their index in the project. A report's `file` is left null when loaded:
// the caller, which read the file, attaches it.
struct CachedResult {
  std::vector<std::pair<size_t, FileOutcome>> files;
  std::vector<std::pair<size_t, FileReport>> configs;

  bool clean() const { return files.empty() && configs.empty(); }
};

class ResultCache {
 public:
  // Empty: no cache; none either when the binary cannot be told apart
  // from another build (no /proc/self/exe).
  explicit ResultCache(std::string dir);
  bool enabled() const { return !dir_.empty(); }

  // The project named `root` (its folder) as checked under `key` in `mode`. A result with
  // findings is kept only from `check` (a fix writes; a diff's reports
  // refer to fixed text), so `fix` and `--diff` use only a clean one.
  std::optional<CachedResult> load(const std::string& root, const std::string& key,
                                   Mode mode) const;
  void store(const std::string& root, const std::string& key, Mode mode,
             const CachedResult& result) const;
  // Removes entries (and temporary files left by a killed run) untouched for
  // `days`: a folder checked once, such as a CI job's checkout, would
  // otherwise keep its entry for ever. One that is still in use is only a
  // miss the next time. Only after this cache has written an entry: a run
  // answered from the cache adds nothing, and need not list the folder.
  void prune(int days = kPruneAfterDays) const;

  static constexpr int kPruneAfterDays = 30;

 private:
  std::string entryPath(const std::string& root) const;

  std::string dir_;
  mutable std::atomic<bool> wrote_{false};  // projects are stored side by side
};

}  // namespace lightfix
