// LT002's fix: the undefined tensor returned becomes a zero loss that
// backward() accepts, `torch::zeros({}, torch::requires_grad())`; a
// variable set on some paths is returned as it is where it was set.

#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Stmt.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "cxx/cxx_context.h"
#include "matchers/undefined_loss_backward.h"
#include "rules/finding.h"

namespace lightfix {

namespace {

// Whether `name` is found in namespace `ns` as a qualified name is: there,
// or through its `using namespace` directives.
bool declares(const clang::NamespaceDecl* ns, clang::IdentifierInfo& name,
              std::set<const clang::NamespaceDecl*>& seen) {
  if (!ns || !seen.insert(ns->getCanonicalDecl()).second) return false;
  if (!ns->lookup(&name).empty()) return true;
  for (const clang::UsingDirectiveDecl* u : ns->using_directives())
    if (declares(u->getNominatedNamespace(), name, seen)) return true;
  return false;
}

const clang::NamespaceDecl* torchNamespace(clang::ASTContext& ast) {
  for (const clang::NamedDecl* d : ast.getTranslationUnitDecl()->lookup(&ast.Idents.get("torch")))
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(d)) return ns;
  return nullptr;
}

}  // namespace

std::optional<Fix> fixUndefinedLossBackward(const CxxContext& ctx, const Finding& finding) {
  const auto* match = finding.payloadAs<UndefinedLossBackwardMatch>();
  const clang::ReturnStmt* ret = match ? match->ret : nullptr;
  const clang::Expr* value = ret ? ret->getRetValue() : nullptr;
  if (!value) return std::nullopt;
  // Only a value written plainly in the main file, never through a macro.
  std::optional<std::string_view> text = ctx.textOf(value->getSourceRange());
  std::optional<uint32_t> start = ctx.offsetOf(value->getBeginLoc());
  if (!text || !start) return std::nullopt;

  const clang::NamespaceDecl* torch = torchNamespace(ctx.ast);
  for (const char* name : {"zeros", "requires_grad"}) {
    std::set<const clang::NamespaceDecl*> seen;
    if (!declares(torch, ctx.ast.Idents.get(name), seen)) return std::nullopt;
  }

  const std::string zero = "torch::zeros({}, torch::requires_grad())";
  Fix fix;
  fix.applicability = Applicability::Unsafe;
  std::string replacement = zero;
  fix.message = "Return a zero loss, `" + zero + "`";
  // `return loss;` where `loss` is set on some paths: the zero only where it is not.
  bool name = std::all_of(text->begin(), text->end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
  if (name) {
    std::string var(*text);
    replacement = var + ".defined() ? " + var + " : " + zero;
    fix.message = "Return a zero loss where `" + var + "` was never set, `" + replacement + "`";
  }
  llvm::cantFail(
      fix.edits.add(ctx.replacement(*start, static_cast<uint32_t>(text->size()), replacement)));
  return fix;
}

}  // namespace lightfix
