#pragma once
// What the backward-before-setup matcher hands its fixer (fixers/backward_before_setup.cpp).

#include <tree_sitter/api.h>

namespace lightfix {

struct BackwardBeforeSetupMatch {
  TSNode backward{};  // the `fabric.backward(...)` call
  TSNode fabric{};    // its receiver
};

}  // namespace lightfix
