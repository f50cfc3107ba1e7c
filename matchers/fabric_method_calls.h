#pragma once
// Calls of named methods on expressions that hold a Lightning Fabric, found
// in one walk of the file.

#include "python/node.h"

#include <initializer_list>
#include <string_view>
#include <vector>

#include "rules/rule.h"

namespace lightfix {

struct FabricInstance;

// `fabric.method(...)`, once per Fabric the receiver may hold.
struct FabricMethodCall {
  Node call{};
  Node receiver{};
  Node arguments{};
  std::string_view method;
  const FabricInstance* fabric = nullptr;
};

// Every call of one of `methods` whose receiver holds a Fabric; with
// `deepSpeedOnly`, only Fabrics that run (or may run) DeepSpeed.
std::vector<FabricMethodCall> fabricMethodCalls(const FileContext& ctx,
                                                std::initializer_list<std::string_view> methods,
                                                bool deepSpeedOnly);

}  // namespace lightfix
