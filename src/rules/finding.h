#pragma once
// What a matcher reports and what a fixer proposes for it.

#include <tree_sitter/api.h>

#include <map>
#include <optional>
#include <string>

#include "core/diagnostic.h"
#include "core/source_file.h"

namespace lightfix {

struct FabricInstance;

struct Finding {
  std::string code;
  std::string message;
  Severity severity = Severity::Error;
  uint32_t start = 0;  // the byte range reported
  uint32_t end = 0;
  // Nodes the matcher names for its fixer, as clang's BoundNodes.
  std::map<std::string, TSNode> nodes;
  const FabricInstance* fabric = nullptr;
  std::optional<Fix> fix;

  TSNode node(const std::string& name) const {
    auto it = nodes.find(name);
    return it == nodes.end() ? TSNode{} : it->second;
  }
};

}  // namespace lightfix
