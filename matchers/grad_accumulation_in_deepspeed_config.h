#pragma once
// What the grad-accumulation-in-deepspeed-config matcher hands its fixer
// (fixers/grad_accumulation_in_deepspeed_config.cpp).

#include "python/node.h"

namespace lightfix {

struct GradAccumulationInDeepspeedConfigMatch {
  Node pair{};      // the `"gradient_accumulation_steps": n` pair
  Node strategy{};  // the strategy expression whose config holds it
};

}  // namespace lightfix
