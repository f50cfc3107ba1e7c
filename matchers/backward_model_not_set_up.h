#pragma once
// What the backward-model-not-set-up matcher hands its fixer
// (fixers/backward_model_not_set_up.cpp).

#include "python/node.h"

namespace lightfix {

struct BackwardModelNotSetUpMatch {
  Node value{};   // the `model=` value: the module before set-up
  Node target{};  // the name the set-up model was bound to
};

}  // namespace lightfix
