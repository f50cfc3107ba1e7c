#pragma once
// Where and how a fix launches a Fabric that nothing launches: a
// `<name>.launch()` line right after the statement that makes it.

#include <string>

#include "rules/rule.h"

namespace lightfix {

struct FabricInstance;

// The name the Fabric is assigned to where it is made, in this file; empty
// when it is made elsewhere, or not assigned to one plain name.
std::string launchTarget(const FileContext& ctx, const FabricInstance& fabric);

}  // namespace lightfix
