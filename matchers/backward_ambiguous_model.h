#pragma once
// What the backward-ambiguous-model matcher hands its fixer (fixers/backward_ambiguous_model.cpp).

#include "python/node.h"

namespace lightfix {

struct BackwardAmbiguousModelMatch {
  Node backward{};   // the `fabric.backward(...)` call
  Node arguments{};  // its argument list
};

}  // namespace lightfix
