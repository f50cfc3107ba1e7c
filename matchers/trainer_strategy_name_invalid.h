#pragma once
// What the trainer-strategy-name-invalid matcher hands its fixer
// (fixers/trainer_strategy_name_invalid.cpp).

#include <tree_sitter/api.h>

namespace lightfix {

struct TrainerStrategyNameInvalidMatch {
  TSNode name{};      // a Fabric-only strategy name given to a Trainer; else null
  TSNode trainer{};   // the Trainer construction, with `name`
  TSNode strategy{};  // the other side's `DeepSpeedStrategy(...)`; else null
};

}  // namespace lightfix
