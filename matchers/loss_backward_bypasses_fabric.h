#pragma once
// What the loss-backward-bypasses-fabric matcher hands its fixer
// (fixers/loss_backward_bypasses_fabric.cpp).

#include <tree_sitter/api.h>

namespace lightfix {

struct LossBackwardBypassesFabricMatch {
  TSNode call{};       // the `loss.backward(...)` call
  TSNode loss{};       // its receiver
  TSNode arguments{};  // its argument list
  TSNode model{};      // the set-up model whose output the loss is
};

}  // namespace lightfix
