#pragma once
// libtorch's calls as the C++ rules recognise them: by the class a method
// belongs to (at::Tensor, torch::optim::Optimizer and its subclasses,
// torch::nn::Module), never by spelling alone.

#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>

#include <optional>
#include <string>
#include <vector>

namespace lightfix {

struct CxxContext;

// `record` is the class `qualifiedName` ("torch::optim::Optimizer") or
// derives from it.
bool isSameOrDerivedFrom(const clang::CXXRecordDecl* record, const char* qualifiedName);

// `t.backward()` on an at::Tensor, or `torch::autograd::backward(…)`.
bool isBackwardCall(const clang::CallExpr& call);
// The tensor `t` of `t.backward()`; null for torch::autograd::backward.
const clang::Expr* backwardTensor(const clang::CallExpr& call);

// `opt.step()` / `opt->zero_grad()` on a torch::optim::Optimizer.
bool isOptimizerCall(const clang::CallExpr& call, const char* method);
// `model->zero_grad()` on a torch::nn::Module.
bool isModuleZeroGrad(const clang::CallExpr& call);

// The object a member call is made on, through `->` of a smart pointer,
// `*` and implicit conversions: `opt` for `opt->step()`.
const clang::Expr* calledObject(const clang::CallExpr& call);
// `opt->` or `optimizer.`: a member call's object and operator as written,
// or under a macro the variable's name; none for anything else in a macro.
std::optional<std::string> memberPrefix(const CxxContext& ctx, const clang::CallExpr& call);
// A name for what an expression refers to, the same for every use of one
// variable or field: its declaration when it has one, else its spelling.
std::string identityOf(const CxxContext& ctx, const clang::Expr* e);

// Every call inside `root`, template instantiations included, in source order.
std::vector<const clang::CallExpr*> callsIn(const CxxContext& ctx, const clang::Stmt& root);

// The function a call runs when its body is visible (a lambda's included).
const clang::FunctionDecl* calleeWithBody(const clang::CallExpr& call);

}  // namespace lightfix

namespace lightfix {

// `e` without what clang adds around a value: implicit casts, temporaries,
// cleanups, parentheses, functional casts and elided copies.
const clang::Expr* ignoringTemporaries(const clang::Expr* e);
// An at::Tensor by value (torch::Tensor is the same class), not a reference.
bool isTensorType(clang::QualType type);
// The local variable (not a parameter) an expression names, if it does.
const clang::VarDecl* localVariable(const clang::Expr* e);

}  // namespace lightfix
