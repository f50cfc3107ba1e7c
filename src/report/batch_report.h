#pragma once
// --report FILE: the table a migration lead pastes into a tracking issue, one
// row per repository (path given): files checked, findings per rule (the
// rules found anywhere), fixed (or fixable, or would fix), and left for a
// person with the reason. Markdown, or JSON for FILE.json. The JSON of the
// shards of a fleet (--shard K/N) is read back and merged into the table one
// run over the whole fleet would have written (`lightfix report merge`).

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "driver/path_list.h"
#include "driver/run.h"

namespace lightfix {

struct BatchInput {
  std::vector<std::string> roots;   // the paths given, one row each
  const PathList* files = nullptr;  // every file checked
  const std::vector<FileReport>* reports = nullptr;
  bool unsafeFixes = false;
  // Check: what `fix` would apply is counted as fixable, not left for a
  // person; Fix and Diff: as fixed (for Diff, would be).
  Mode mode = Mode::Fix;
  // With --shard: each root's position among all the paths named, which the
  // JSON keeps so that a merge puts the rows back in that order.
  std::vector<size_t> positions = {};
};

// One repository's row.
struct BatchRow {
  std::string repository;
  size_t files = 0;
  std::map<std::string, size_t> findings;  // by code, fixed ones included
  size_t fixed = 0;                        // or, for a check, fixable
  std::map<std::string, size_t> left;      // by reason
  std::optional<size_t> position;          // among the paths named, in a shard's table
};

struct BatchTable {
  Mode mode = Mode::Check;  // what `fixed` counts: fixable, would fix or fixed
  std::vector<BatchRow> rows;
};

// Whether a --report file is JSON (a `.json` name), else Markdown.
bool isJsonReport(const std::string& path);

BatchTable batchTable(const BatchInput& input);
std::string renderBatchTable(const BatchTable& table, bool json);
inline std::string renderBatchReport(const BatchInput& input, bool json) {
  return renderBatchTable(batchTable(input), json);
}

// A table read back from the JSON a --report FILE.json holds; nothing, with
// `why`, for text that is not one.
std::optional<BatchTable> readBatchTable(std::string_view json, std::string& why);

// The tables of a fleet's shards joined: the rows in the order the paths
// were named (their positions), without positions, as the one run over the
// whole fleet writes them. Nothing, with `why`, for tables of different
// commands or a repository in two of them.
std::optional<BatchTable> mergeBatchTables(const std::vector<BatchTable>& tables, std::string& why);

}  // namespace lightfix
