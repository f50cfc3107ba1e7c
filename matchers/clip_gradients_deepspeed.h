#pragma once
// What the clip-gradients-deepspeed matcher hands its fixer (fixers/clip_gradients_deepspeed.cpp).

#include "python/node.h"

namespace lightfix {

struct ClipGradientsDeepspeedMatch {
  Node call{};  // the `fabric.clip_gradients(...)` call
};

}  // namespace lightfix
