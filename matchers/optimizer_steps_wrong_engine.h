#pragma once
// What the optimizer-steps-wrong-engine matcher hands its fixer
// (fixers/optimizer_steps_wrong_engine.cpp).

#include "python/node.h"

namespace lightfix {

struct OptimizerStepsWrongEngineMatch {
  Node statement{};  // the statement of the `opt.step()`
  Node optimizer{};  // the optimizer stepped
};

}  // namespace lightfix
