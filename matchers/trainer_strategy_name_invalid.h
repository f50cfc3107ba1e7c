#pragma once
// What the trainer-strategy-name-invalid matcher hands its fixer
// (fixers/trainer_strategy_name_invalid.cpp).

#include "python/node.h"

namespace lightfix {

struct TrainerStrategyNameInvalidMatch {
  Node name{};      // a Fabric-only strategy name given to a Trainer; else null
  Node trainer{};   // the Trainer construction, with `name`
  Node strategy{};  // the other side's `DeepSpeedStrategy(...)`; else null
};

}  // namespace lightfix
