#pragma once
// What the save-filter-deepspeed matcher hands its fixer (fixers/save_filter_deepspeed.cpp).

#include <tree_sitter/api.h>

namespace lightfix {

struct SaveFilterDeepspeedMatch {
  TSNode argument{};  // the `filter=` argument
};

}  // namespace lightfix
