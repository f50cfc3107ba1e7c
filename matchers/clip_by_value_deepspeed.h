#pragma once
// What the clip-by-value-deepspeed matcher hands its fixer (fixers/clip_by_value_deepspeed.cpp).

#include "python/node.h"

namespace lightfix {

struct ClipByValueDeepspeedMatch {
  Node value{};  // the `"value"` given to `gradient_clip_algorithm=`
};

}  // namespace lightfix
