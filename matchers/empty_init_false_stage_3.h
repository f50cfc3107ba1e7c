#pragma once
// What the empty-init-false-stage-3 matcher hands its fixer (fixers/empty_init_false_stage_3.cpp).

#include <tree_sitter/api.h>

namespace lightfix {

struct EmptyInitFalseStage3Match {
  TSNode argument{};  // the `empty_init=False` argument
};

}  // namespace lightfix
