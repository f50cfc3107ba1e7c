#pragma once
// What the clip-by-value-deepspeed matcher hands its fixer (fixers/clip_by_value_deepspeed.cpp).

#include <tree_sitter/api.h>

namespace lightfix {

struct ClipByValueDeepspeedMatch {
  TSNode value{};  // the `"value"` given to `gradient_clip_algorithm=`
};

}  // namespace lightfix
