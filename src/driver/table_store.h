#pragma once
// table_store: the node tables of Python files parsed in earlier runs, kept
// in the cache by the bytes they were parsed from, so that a project checked
// again after an edit parses only the files that changed. The result cache
// answers only a project none of whose files changed; this is what an edit
// to one file of it costs less with. A table that cannot be read or written
// is only a parse, never an error of the run.

#include <atomic>
#include <mutex>
#include <string>
#include <string_view>

#include "python/syntax_tree.h"

namespace lightfix {

class TableStore {
 public:
  // Under `cacheDir`; empty: no store, and none either when the binary
  // cannot be told apart from another build.
  explicit TableStore(const std::string& cacheDir);
  bool enabled() const { return !dir_.empty(); }

  // The tree of `text`: its stored table, else parsed (and its table stored).
  SyntaxTree parse(std::string_view text) const;

  // Removes tables (and temporary files of a killed run) untouched for
  // `days`: a table read is touched at most once a day. Only after this
  // store has written one.
  void prune(int days) const;

 private:
  std::string pathOf(std::string_view text) const;
  void store(const std::string& path, const NodeTable& table) const;

  std::string cacheDir_;
  std::string dir_;
  std::string binary_;  // the binary's identity, hashed
  mutable std::once_flag folderMade_;
  mutable bool folderReady_ = false;  // set once, under folderMade_
  mutable std::atomic<bool> wrote_{false};
};

}  // namespace lightfix
