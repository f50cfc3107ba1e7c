#pragma once
// What the compiled-model-deepspeed matcher hands its fixer (fixers/compiled_model_deepspeed.cpp).

#include "python/node.h"

namespace lightfix {

struct CompiledModelDeepspeedMatch {
  Node compile{};    // the `torch.compile(...)` call
  Node statement{};  // the statement binding its result; null when not bound
  Node target{};     // the name bound; null when not bound
};

}  // namespace lightfix
