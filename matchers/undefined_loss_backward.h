#pragma once
// What the undefined-loss-backward matcher hands its fixer (fixers/undefined_loss_backward.cpp).

#include <clang/AST/Stmt.h>

namespace lightfix {

struct UndefinedLossBackwardMatch {
  const clang::ReturnStmt* ret = nullptr;  // the `return` of an undefined tensor
};

}  // namespace lightfix
