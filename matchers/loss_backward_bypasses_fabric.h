#pragma once
// What the loss-backward-bypasses-fabric matcher hands its fixer
// (fixers/loss_backward_bypasses_fabric.cpp).

#include "python/node.h"

namespace lightfix {

struct LossBackwardBypassesFabricMatch {
  Node call{};       // the `loss.backward(...)` call
  Node loss{};       // its receiver
  Node arguments{};  // its argument list
  Node model{};      // the set-up model whose output the loss is
};

}  // namespace lightfix
