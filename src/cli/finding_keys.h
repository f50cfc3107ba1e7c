#pragma once
// Names for findings that survive a change to the file elsewhere: the rule,
// the text of the reported line and which of the findings with both that
// rule and that line text it is. `fix -i` remembers declined findings by
// these, since rows and offsets move as fixes are applied above them.

#include <string>
#include <tuple>
#include <vector>

#include "core/diagnostic.h"

namespace lightfix {

struct FindingKey {
  std::string code;
  std::string line;  // without its indentation
  size_t occurrence = 0;
  bool operator<(const FindingKey& o) const {
    return std::tie(code, line, occurrence) < std::tie(o.code, o.line, o.occurrence);
  }
  bool operator==(const FindingKey& o) const {
    return code == o.code && line == o.line && occurrence == o.occurrence;
  }
};

// One key per diagnostic, in the same order.
std::vector<FindingKey> findingKeys(const SourceFile& file,
                                    const std::vector<Diagnostic>& diagnostics);

}  // namespace lightfix
