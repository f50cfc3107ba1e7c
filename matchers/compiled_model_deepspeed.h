#pragma once
// What the compiled-model-deepspeed matcher hands its fixer (fixers/compiled_model_deepspeed.cpp).

#include <tree_sitter/api.h>

namespace lightfix {

struct CompiledModelDeepspeedMatch {
  TSNode compile{};    // the `torch.compile(...)` call
  TSNode statement{};  // the statement binding its result; null when not bound
  TSNode target{};     // the name bound; null when not bound
};

}  // namespace lightfix
