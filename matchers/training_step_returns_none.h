#pragma once
// What the training-step-returns-none matcher hands its fixer
// (fixers/training_step_returns_none.cpp).

#include "python/node.h"

namespace lightfix {

struct TrainingStepReturnsNoneMatch {
  Node function{};  // the `training_step` definition
  Node ret{};       // the `return` reported; null for falling off the end
  // `return loss if ok else None`: the `None` branch, replaced alone.
  Node noneBranch{};
  // Why the fixer leaves it: the method optimizes by hand (`manual`),
  // or it returns `None` through a call (`indirect`).
  bool manual = false;
  bool indirect = false;
};

}  // namespace lightfix
