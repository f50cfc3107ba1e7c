#pragma once
// What the training-step-returns-none matcher hands its fixer
// (fixers/training_step_returns_none.cpp).

#include <tree_sitter/api.h>

namespace lightfix {

struct TrainingStepReturnsNoneMatch {
  TSNode function{};  // the `training_step` definition
  TSNode ret{};       // the `return` reported; null for falling off the end
  // `return loss if ok else None`: the `None` branch, replaced alone.
  TSNode noneBranch{};
  // Why the fixer leaves it: the method optimizes by hand (`manual`),
  // or it returns `None` through a call (`indirect`).
  bool manual = false;
  bool indirect = false;
};

}  // namespace lightfix
