#pragma once
// A name that holds a given Fabric at a point, for fixes that must call it.

#include "python/node.h"

#include <string>

#include "rules/rule.h"

namespace lightfix {

struct FabricInstance;
struct SetupCall;

// The text of an expression visible in `scope` that holds `fabric`: the
// receiver of `setup` when it ran in `scope` (or is `self.…` in a method of
// the same class), else a parameter of the function that receives it; empty
// when there is none.
std::string fabricNameIn(const FileContext& ctx, const SetupCall& setup, Node scope);

}  // namespace lightfix
