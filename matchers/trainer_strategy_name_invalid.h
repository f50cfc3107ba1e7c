#pragma once
// What the trainer-strategy-name-invalid matcher hands its fixer
// (fixers/trainer_strategy_name_invalid.cpp).

#include "python/node.h"

namespace lightfix {

// What a fix to Fabric's offloading stage 1 adds to its message, in Python
// and in YAML: its ZeRO-Offload takes only DeepSpeed's own optimizer.
inline constexpr const char* kOffloadNote =
    " (ZeRO-Offload then needs `DeepSpeedCPUAdam` as the optimizer)";

struct TrainerStrategyNameInvalidMatch {
  Node name{};      // a Fabric-only strategy name given to a Trainer; else null
  Node trainer{};   // the Trainer construction, with `name`
  Node strategy{};  // the other side's `DeepSpeedStrategy(...)`; else null
};

}  // namespace lightfix
