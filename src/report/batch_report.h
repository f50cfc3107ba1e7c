#pragma once
// --report FILE: the table a migration lead pastes into a tracking issue, one
// row per repository (path given): files checked, findings per rule (the
// rules found anywhere), fixed (or fixable, or would fix), and left for a
// person with the reason. Markdown, or JSON for FILE.json.

#include <string>
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
};

std::string renderBatchReport(const BatchInput& input, bool json);

}  // namespace lightfix
