#pragma once
// What the setup-not-joint matcher hands its fixer (fixers/setup_not_joint.cpp).

#include "python/node.h"

namespace lightfix {

struct SetupNotJointMatch {
  Node call{};    // the `fabric.setup_optimizers(...)` call
  Node fabric{};  // its receiver
};

}  // namespace lightfix
