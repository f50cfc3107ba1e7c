#pragma once
// What the setup-not-joint matcher hands its fixer (fixers/setup_not_joint.cpp).

#include <tree_sitter/api.h>

namespace lightfix {

struct SetupNotJointMatch {
  TSNode call{};    // the `fabric.setup_optimizers(...)` call
  TSNode fabric{};  // its receiver
};

}  // namespace lightfix
