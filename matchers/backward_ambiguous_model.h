#pragma once
// What the backward-ambiguous-model matcher hands its fixer (fixers/backward_ambiguous_model.cpp).

#include <tree_sitter/api.h>

namespace lightfix {

struct BackwardAmbiguousModelMatch {
  TSNode backward{};   // the `fabric.backward(...)` call
  TSNode arguments{};  // its argument list
};

}  // namespace lightfix
