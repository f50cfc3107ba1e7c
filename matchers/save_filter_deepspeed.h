#pragma once
// What the save-filter-deepspeed matcher hands its fixer (fixers/save_filter_deepspeed.cpp).

#include "python/node.h"

namespace lightfix {

struct SaveFilterDeepspeedMatch {
  Node argument{};  // the `filter=` argument
};

}  // namespace lightfix
