#pragma once
// What checking one file gave: all that is kept of it once its project is
// done, and what the result cache keeps between runs.

#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "driver/run.h"

namespace lightfix {

struct FileOutcome {
  std::string readError;
  std::string notice;  // why it was skipped unread
  std::optional<FileReport> report;
  std::vector<RunError> errors;
  std::string diff;

  bool empty() const {
    return readError.empty() && notice.empty() && !report && errors.empty() && diff.empty();
  }
};

}  // namespace lightfix
