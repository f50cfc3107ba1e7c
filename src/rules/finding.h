#pragma once
// What a matcher reports and what a fixer proposes for it.

#include <tree_sitter/api.h>

#include <any>
#include <optional>
#include <string>

#include "core/diagnostic.h"
#include "core/source_file.h"

namespace lightfix {

struct FabricInstance;

// What a rule found, in Python, a config or C++; the rule that ran gives it
// its code.
struct Finding {
  std::string message;
  std::optional<RelatedPlace> related;  // where DeepSpeed was chosen
  Severity severity = Severity::Error;
  uint32_t start = 0;  // the byte range reported
  uint32_t end = 0;
  const FabricInstance* fabric = nullptr;  // a Python finding's Fabric, if any
  std::optional<Fix> fix;
  // What the matcher hands its fixer: a struct of the rule's own, declared
  // in matchers/<slug>.h.
  std::any payload;

  // The payload, if the matcher gave one of this type.
  template <typename T>
  const T* payloadAs() const {
    return std::any_cast<T>(&payload);
  }
};

}  // namespace lightfix
