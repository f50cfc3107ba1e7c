#pragma once
// What the optimizer-steps-wrong-engine matcher hands its fixer
// (fixers/optimizer_steps_wrong_engine.cpp).

#include <tree_sitter/api.h>

namespace lightfix {

struct OptimizerStepsWrongEngineMatch {
  TSNode statement{};  // the statement of the `opt.step()`
  TSNode optimizer{};  // the optimizer stepped
};

}  // namespace lightfix
