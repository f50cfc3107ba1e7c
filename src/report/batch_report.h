#pragma once
// --report FILE: the table a migration lead pastes into a tracking issue, one
// row per repository (path given): files checked, findings per rule, fixed,
// and left for a person with the reason. Markdown, or JSON for FILE.json.

#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "driver/path_list.h"

namespace lightfix {

struct BatchInput {
  std::vector<std::string> roots;   // the paths given, one row each
  const PathList* files = nullptr;  // every file checked
  const std::vector<FileReport>* reports = nullptr;
  bool unsafeFixes = false;
};

std::string renderBatchReport(const BatchInput& input, bool json);

}  // namespace lightfix
