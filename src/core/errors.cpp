#include "core/errors.h"

#include <algorithm>

namespace lightfix {

bool anyIoError(const std::vector<RunError>& errors) {
  return std::any_of(errors.begin(), errors.end(),
                     [](const RunError& e) { return e.kind == ErrorKind::Io; });
}

}  // namespace lightfix
