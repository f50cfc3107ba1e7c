#pragma once
// What the clip-gradients-deepspeed matcher hands its fixer (fixers/clip_gradients_deepspeed.cpp).

#include <tree_sitter/api.h>

namespace lightfix {

struct ClipGradientsDeepspeedMatch {
  TSNode call{};  // the `fabric.clip_gradients(...)` call
};

}  // namespace lightfix
