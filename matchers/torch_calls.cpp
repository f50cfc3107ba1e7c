#include "matchers/torch_calls.h"

#include <clang/AST/DeclCXX.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>
#include <clang/ASTMatchers/ASTMatchers.h>

#include <algorithm>

#include "cxx/cxx_context.h"

namespace lightfix {

namespace {

using namespace clang::ast_matchers;

bool methodOf(const clang::CallExpr& call, const char* method, const char* baseClass) {
  const auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(&call);
  if (!member) return false;
  const clang::CXXMethodDecl* decl = member->getMethodDecl();
  if (!decl || !decl->getIdentifier() || decl->getName() != method) return false;
  return isSameOrDerivedFrom(decl->getParent(), baseClass);
}

}  // namespace

bool isSameOrDerivedFrom(const clang::CXXRecordDecl* record, const char* qualifiedName) {
  if (!record) return false;
  auto named = [&](const clang::CXXRecordDecl* r) {
    return r->getQualifiedNameAsString() == qualifiedName;
  };
  if (named(record)) return true;
  if (!record->hasDefinition()) return false;
  return !record->forallBases([&](const clang::CXXRecordDecl* base) { return !named(base); });
}

bool isBackwardCall(const clang::CallExpr& call) {
  if (methodOf(call, "backward", "at::Tensor")) return true;
  const clang::FunctionDecl* f = call.getDirectCallee();
  return f && !llvm::isa<clang::CXXMethodDecl>(f) &&
         f->getQualifiedNameAsString() == "torch::autograd::backward";
}

const clang::Expr* backwardTensor(const clang::CallExpr& call) {
  if (!llvm::isa<clang::CXXMemberCallExpr>(call)) return nullptr;
  return calledObject(call);
}

bool isOptimizerCall(const clang::CallExpr& call, const char* method) {
  return methodOf(call, method, "torch::optim::Optimizer");
}

bool isModuleZeroGrad(const clang::CallExpr& call) {
  return methodOf(call, "zero_grad", "torch::nn::Module");
}

const clang::Expr* calledObject(const clang::CallExpr& call) {
  const auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(&call);
  if (!member) return nullptr;
  const clang::Expr* e = member->getImplicitObjectArgument();
  while (e) {
    e = e->IgnoreParenImpCasts();
    if (const auto* op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e)) {
      auto kind = op->getOperator();
      if ((kind == clang::OO_Arrow || kind == clang::OO_Star) && op->getNumArgs() >= 1) {
        e = op->getArg(0);
        continue;
      }
    }
    if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(e))
      if (unary->getOpcode() == clang::UO_Deref) {
        e = unary->getSubExpr();
        continue;
      }
    break;
  }
  return e;
}

std::optional<std::string> memberPrefix(const CxxContext& ctx, const clang::CallExpr& call) {
  const auto* callee = llvm::dyn_cast<clang::MemberExpr>(call.getCallee()->IgnoreParenImpCasts());
  if (!callee) return std::nullopt;
  if (!call.getBeginLoc().isMacroID() && !callee->getMemberLoc().isMacroID()) {
    std::optional<uint32_t> from = ctx.offsetOf(call.getBeginLoc());
    std::optional<uint32_t> to = ctx.offsetOf(callee->getMemberLoc());
    if (from && to && *from < *to) return ctx.file.text().substr(*from, *to - *from);
  }
  const auto* ref = llvm::dyn_cast_or_null<clang::DeclRefExpr>(calledObject(call));
  if (!ref) return std::nullopt;
  return ref->getDecl()->getNameAsString() + (callee->isArrow() ? "->" : ".");
}

std::string identityOf(const CxxContext& ctx, const clang::Expr* e) {
  if (!e) return {};
  e = e->IgnoreParenImpCasts();
  if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e))
    return "decl:" +
           std::to_string(reinterpret_cast<uintptr_t>(ref->getDecl()->getCanonicalDecl()));
  if (const auto* member = llvm::dyn_cast<clang::MemberExpr>(e))
    if (llvm::isa<clang::CXXThisExpr>(member->getBase()->IgnoreParenImpCasts()))
      return "decl:" + std::to_string(reinterpret_cast<uintptr_t>(
                           member->getMemberDecl()->getCanonicalDecl()));
  std::optional<std::string_view> text = ctx.textOf(e->getSourceRange());
  return text ? "text:" + std::string(*text) : std::string();
}

std::vector<const clang::CallExpr*> callsIn(const CxxContext& ctx, const clang::Stmt& root) {
  std::vector<const clang::CallExpr*> calls;
  for (const BoundNodes& found : match(findAll(callExpr().bind("call")), root, ctx.ast))
    calls.push_back(found.getNodeAs<clang::CallExpr>("call"));
  const clang::SourceManager& sm = ctx.ast.getSourceManager();
  std::stable_sort(calls.begin(), calls.end(),
                   [&](const clang::CallExpr* a, const clang::CallExpr* b) {
                     return sm.isBeforeInTranslationUnit(sm.getExpansionLoc(a->getBeginLoc()),
                                                         sm.getExpansionLoc(b->getBeginLoc()));
                   });
  return calls;
}

const clang::FunctionDecl* calleeWithBody(const clang::CallExpr& call) {
  const clang::FunctionDecl* f = call.getDirectCallee();
  if (!f) return nullptr;
  const clang::FunctionDecl* definition = nullptr;
  if (!f->hasBody(definition) || !definition) return nullptr;
  return definition;
}

}  // namespace lightfix

namespace lightfix {

const clang::Expr* ignoringTemporaries(const clang::Expr* e) {
  while (e) {
    const clang::Expr* next = e->IgnoreImplicit()->IgnoreParens();
    if (const auto* cast = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(next))
      next = cast->getSubExpr();
    else if (const auto* construct = llvm::dyn_cast<clang::CXXConstructExpr>(next);
             construct && construct->isElidable() && construct->getNumArgs() == 1)
      next = construct->getArg(0);
    if (next == e) break;
    e = next;
  }
  return e;
}

bool isTensorType(clang::QualType type) {
  if (type.isNull()) return false;
  const auto* record = type.getCanonicalType()->getAsCXXRecordDecl();
  return record && !type->isReferenceType() && record->getQualifiedNameAsString() == "at::Tensor";
}

const clang::VarDecl* localVariable(const clang::Expr* e) {
  const auto* ref = llvm::dyn_cast_or_null<clang::DeclRefExpr>(ignoringTemporaries(e));
  const auto* var = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
  if (!var || !var->hasLocalStorage() || llvm::isa<clang::ParmVarDecl>(var)) return nullptr;
  return var->getCanonicalDecl();
}

}  // namespace lightfix
