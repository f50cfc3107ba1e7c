#include "cli/finding_keys.h"

#include <map>
#include <utility>

namespace lightfix {

std::vector<FindingKey> findingKeys(const SourceFile& file,
                                    const std::vector<Diagnostic>& diagnostics) {
  std::vector<FindingKey> keys;
  std::map<std::pair<std::string, std::string>, size_t> seen;
  for (const Diagnostic& d : diagnostics) {
    unsigned line0 = file.lineOf(d.offset);
    std::string line(file.lineText(line0).substr(file.indentOf(line0).size()));
    size_t& count = seen[{d.code, line}];
    keys.push_back({d.code, line, count++});
  }
  return keys;
}

}  // namespace lightfix
