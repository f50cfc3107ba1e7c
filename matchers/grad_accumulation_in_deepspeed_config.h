#pragma once
// What the grad-accumulation-in-deepspeed-config matcher hands its fixer
// (fixers/grad_accumulation_in_deepspeed_config.cpp).

#include <tree_sitter/api.h>

namespace lightfix {

struct GradAccumulationInDeepspeedConfigMatch {
  TSNode pair{};      // the `"gradient_accumulation_steps": n` pair
  TSNode strategy{};  // the strategy expression whose config holds it
};

}  // namespace lightfix
