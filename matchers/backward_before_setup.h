#pragma once
// What the backward-before-setup matcher hands its fixer (fixers/backward_before_setup.cpp).

#include "python/node.h"

namespace lightfix {

struct BackwardBeforeSetupMatch {
  Node backward{};  // the `fabric.backward(...)` call
  Node fabric{};    // its receiver
};

}  // namespace lightfix
