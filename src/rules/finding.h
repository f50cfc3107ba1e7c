#pragma once
// What a matcher reports and what a fixer proposes for it.

#include <tree_sitter/api.h>

#include <clang/Tooling/Core/Replacement.h>

#include <map>
#include <optional>
#include <string>

#include "python/source_file.h"

namespace lightfix {

struct FabricInstance;

enum class Severity { Error, Warning };
// As every output format spells it.
inline const char* severityName(Severity s) { return s == Severity::Error ? "error" : "warning"; }
enum class Applicability { Safe, Unsafe };

// `safe` keeps behaviour apart from removing the crash; `unsafe` changes it,
// and is applied only with --unsafe-fixes or when accepted interactively.
struct Fix {
  std::string message;
  Applicability applicability = Applicability::Safe;
  clang::tooling::Replacements edits;
};

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
