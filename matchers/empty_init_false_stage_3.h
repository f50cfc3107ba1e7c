#pragma once
// What the empty-init-false-stage-3 matcher hands its fixer (fixers/empty_init_false_stage_3.cpp).

#include "python/node.h"

namespace lightfix {

struct EmptyInitFalseStage3Match {
  Node argument{};  // the `empty_init=False` argument
};

}  // namespace lightfix
