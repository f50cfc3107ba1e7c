#pragma once
// What the missing-zero-grad matcher hands its fixer (fixers/missing_zero_grad.cpp).

#include <clang/AST/Stmt.h>

namespace lightfix {

struct MissingZeroGradMatch {
  const clang::Stmt* loop = nullptr;      // the loop
  const clang::CallExpr* step = nullptr;  // the `step()` call reported
};

}  // namespace lightfix
