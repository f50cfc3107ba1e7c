// LT002: a function returning torch::Tensor returns an undefined tensor
// (`return torch::Tensor();`, `return {};`, or `return loss;` where
// `torch::Tensor loss;` got a value only on some paths) on some path, and a caller calls
// backward() on its result: libtorch throws "cannot call
// get_autograd_meta() on undefined tensor".

#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/Stmt.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>
#include <clang/ASTMatchers/ASTMatchers.h>
#include <clang/Lex/Lexer.h>
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "cxx/cxx_context.h"
#include "matchers/torch_calls.h"
#include "matchers/undefined_loss_backward.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kUndefinedLossBackward{
    "LT002",
    "undefined-loss-backward",
    "a function returning `torch::Tensor` returns an undefined tensor (`torch::Tensor()`, "
    "`{}`) and a caller calls `backward()` on its result",
    "cannot call get_autograd_meta() on undefined tensor",
    {"backward"}};

namespace {

using namespace clang::ast_matchers;

// The function a definition stands for: the template pattern of an
// instantiation, so that `f<A>` and `f<B>` are one function.
const clang::FunctionDecl* keyOf(const clang::FunctionDecl* f) {
  if (!f) return nullptr;
  if (const clang::FunctionDecl* pattern = f->getTemplateInstantiationPattern()) f = pattern;
  return f->getCanonicalDecl();
}

// A function's body, without the bodies of lambdas written inside it (they
// are functions of their own).
void walk(const clang::Stmt* s, const std::function<void(const clang::Stmt&)>& visit) {
  if (!s) return;
  visit(*s);
  if (llvm::isa<clang::LambdaExpr>(s)) return;
  for (const clang::Stmt* child : s->children()) walk(child, visit);
}

// `return torch::Tensor();`, `return at::Tensor{};`, `return {};`.
bool returnsUndefined(const clang::ReturnStmt& ret) {
  const clang::Expr* value = ignoringTemporaries(ret.getRetValue());
  if (!value) return false;
  if (const auto* list = llvm::dyn_cast<clang::InitListExpr>(value))
    return list->getNumInits() == 0 && isTensorType(list->getType());
  if (const auto* construct = llvm::dyn_cast<clang::CXXConstructExpr>(value))
    return construct->getNumArgs() == 0 && isTensorType(construct->getType());
  return false;
}

bool isVariable(const clang::Expr* e, const clang::VarDecl* var) {
  const clang::VarDecl* v = localVariable(e);
  return v && v->getCanonicalDecl() == var;
}

// Whether `s` surely gives `var` a value: `var = …;`, a block that does, or
// an `if` whose two branches both do.
bool assigns(const clang::Stmt* s, const clang::VarDecl* var) {
  if (!s) return false;
  if (const auto* e = llvm::dyn_cast<clang::Expr>(s)) {
    const auto* op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(ignoringTemporaries(e));
    return op && op->getOperator() == clang::OO_Equal && op->getNumArgs() == 2 &&
           isVariable(op->getArg(0), var);
  }
  if (const auto* block = llvm::dyn_cast<clang::CompoundStmt>(s))
    return std::any_of(block->body_begin(), block->body_end(),
                       [&](const clang::Stmt* c) { return assigns(c, var); });
  if (const auto* branch = llvm::dyn_cast<clang::IfStmt>(s))
    return assigns(branch->getThen(), var) && assigns(branch->getElse(), var);
  return false;
}

// Whether `s` may give `var` a value lightfix does not follow: passed to a
// function (an out-parameter) or reachable from a lambda.
bool mayFillOtherwise(const clang::Stmt* s, const clang::VarDecl* var) {
  bool found = false;
  walk(s, [&](const clang::Stmt& n) {
    if (llvm::isa<clang::LambdaExpr>(n)) found = true;
    const auto* call = llvm::dyn_cast<clang::CallExpr>(&n);
    if (!call || llvm::isa<clang::CXXOperatorCallExpr>(call)) return;
    for (const clang::Expr* arg : call->arguments())
      if (isVariable(arg, var)) found = true;
  });
  return found;
}

// In a block: `torch::Tensor loss;`, given a value only on some paths (or
// none), then `return loss;`.
void returnsOfUnsetTensors(const clang::CompoundStmt& block,
                           std::vector<const clang::ReturnStmt*>& out) {
  std::vector<const clang::VarDecl*> unset;  // declared empty here, not surely set since
  for (const clang::Stmt* s : block.body()) {
    if (const auto* ds = llvm::dyn_cast<clang::DeclStmt>(s)) {
      for (const clang::Decl* d : ds->decls()) {
        const auto* var = llvm::dyn_cast<clang::VarDecl>(d);
        const auto* construct = var ? llvm::dyn_cast_or_null<clang::CXXConstructExpr>(
                                          ignoringTemporaries(var->getInit()))
                                    : nullptr;
        if (construct && construct->getNumArgs() == 0 && isTensorType(var->getType()))
          unset.push_back(var->getCanonicalDecl());
      }
      continue;
    }
    if (const auto* ret = llvm::dyn_cast<clang::ReturnStmt>(s)) {
      // `return loss;` moves it out through its copy or move constructor.
      const clang::Expr* value = ignoringTemporaries(ret->getRetValue());
      if (const auto* move = llvm::dyn_cast_or_null<clang::CXXConstructExpr>(value);
          move && move->getNumArgs() == 1 && move->getConstructor()->isCopyOrMoveConstructor())
        value = move->getArg(0);
      for (const clang::VarDecl* var : unset)
        if (isVariable(value, var)) out.push_back(ret);
      continue;
    }
    unset.erase(std::remove_if(unset.begin(), unset.end(),
                               [&](const clang::VarDecl* var) {
                                 return assigns(s, var) || mayFillOtherwise(s, var);
                               }),
                unset.end());
  }
}

// The functions called on a value, when it is a call: `f(x)`, `obj.f(x)`,
// `lambda(x)`.
const clang::FunctionDecl* calledFunction(const clang::Expr* e) {
  const auto* call = llvm::dyn_cast_or_null<clang::CallExpr>(ignoringTemporaries(e));
  if (!call) return nullptr;
  return keyOf(call->getDirectCallee());
}

struct UndefinedReturn {
  const clang::ReturnStmt* ret;
  const clang::FunctionDecl* function;  // the definition it is in
};

struct Caller {
  const clang::CallExpr* backward;
  const clang::FunctionDecl* callee;  // by keyOf
};

}  // namespace

void matchUndefinedLossBackward(const CxxContext& ctx, std::vector<Finding>& out) {
  auto function = functionDecl(isDefinition()).bind("f");
  auto lambda = lambdaExpr().bind("l");
  std::vector<const clang::FunctionDecl*> functions;
  std::set<const clang::FunctionDecl*> listed;
  auto add = [&](const clang::FunctionDecl* f) {
    if (f && listed.insert(f).second) functions.push_back(f);
  };
  for (clang::Decl* top : ctx.decls) {
    for (const BoundNodes& found :
         match(decl(eachOf(function, forEachDescendant(function))), *top, ctx.ast))
      add(found.getNodeAs<clang::FunctionDecl>("f"));
    for (const BoundNodes& found : match(decl(forEachDescendant(lambda)), *top, ctx.ast)) {
      const clang::CXXMethodDecl* op = found.getNodeAs<clang::LambdaExpr>("l")->getCallOperator();
      if (!op) continue;
      add(op);
      if (const clang::FunctionTemplateDecl* t = op->getDescribedFunctionTemplate())
        for (const clang::FunctionDecl* spec : t->specializations()) add(spec);
    }
  }

  std::map<const clang::FunctionDecl*, std::vector<UndefinedReturn>> undefined;
  std::map<const clang::FunctionDecl*, std::string> lambdaNames;  // by keyOf
  std::set<const clang::VarDecl*> guarded;
  // A local variable's values: its initializer and what `=` assigns it.
  std::map<const clang::VarDecl*, std::vector<const clang::Expr*>> values;
  std::vector<const clang::CallExpr*> backwards;

  for (const clang::FunctionDecl* f : functions) {
    if (!f || !f->doesThisDeclarationHaveABody()) continue;
    const bool tensorResult = isTensorType(f->getReturnType());
    walk(f->getBody(), [&](const clang::Stmt& s) {
      if (const auto* block = llvm::dyn_cast<clang::CompoundStmt>(&s); block && tensorResult) {
        std::vector<const clang::ReturnStmt*> unsetReturns;
        returnsOfUnsetTensors(*block, unsetReturns);
        for (const clang::ReturnStmt* ret : unsetReturns) undefined[keyOf(f)].push_back({ret, f});
        return;
      }
      if (const auto* ret = llvm::dyn_cast<clang::ReturnStmt>(&s)) {
        if (tensorResult && returnsUndefined(*ret)) undefined[keyOf(f)].push_back({ret, f});
        return;
      }
      if (const auto* ds = llvm::dyn_cast<clang::DeclStmt>(&s)) {
        for (const clang::Decl* d : ds->decls()) {
          const auto* var = llvm::dyn_cast<clang::VarDecl>(d);
          if (!var || !var->hasLocalStorage() || llvm::isa<clang::ParmVarDecl>(var)) continue;
          const clang::Expr* init = var->getInit();
          if (const auto* l =
                  llvm::dyn_cast_or_null<clang::LambdaExpr>(ignoringTemporaries(init))) {
            if (l->getCallOperator())
              lambdaNames[keyOf(l->getCallOperator())] = var->getNameAsString();
          }
          values[var->getCanonicalDecl()];
          if (init && !ignoringTemporaries(init)->getType().isNull()) {
            const auto* construct =
                llvm::dyn_cast<clang::CXXConstructExpr>(ignoringTemporaries(init));
            // `torch::Tensor loss;` holds nothing yet.
            if (!(construct && construct->getNumArgs() == 0))
              values[var->getCanonicalDecl()].push_back(init);
          }
        }
        return;
      }
      const auto* call = llvm::dyn_cast<clang::CallExpr>(&s);
      if (!call) return;
      if (isBackwardCall(*call)) {
        backwards.push_back(call);
        return;
      }
      if (const auto* op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(call)) {
        if (op->isAssignmentOp() && op->getNumArgs() == 2)
          if (const auto* var = localVariable(op->getArg(0)))
            // `loss += reg` gives it a value of no function's: null.
            values[var->getCanonicalDecl()].push_back(
                op->getOperator() == clang::OO_Equal ? op->getArg(1) : nullptr);
        return;
      }
      const auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call);
      const clang::CXXMethodDecl* method = member ? member->getMethodDecl() : nullptr;
      if (method && method->getIdentifier() && method->getName() == "defined")
        if (const auto* var = localVariable(calledObject(*call))) guarded.insert(var);
    });
  }
  if (undefined.empty()) return;

  // The backward calls on a result of a function that may return undefined.
  const clang::SourceManager& sm = ctx.ast.getSourceManager();
  std::map<const clang::FunctionDecl*, const clang::CallExpr*> firstCaller;
  for (const clang::CallExpr* call : backwards) {
    const clang::Expr* tensor = ignoringTemporaries(backwardTensor(*call));
    const clang::FunctionDecl* callee = calledFunction(tensor);
    if (!callee) {
      const clang::VarDecl* var = localVariable(tensor);
      if (!var || guarded.count(var->getCanonicalDecl())) continue;
      auto it = values.find(var->getCanonicalDecl());
      if (it == values.end()) continue;
      // Every value it is given comes from one such function; anything else
      // and lightfix does not guess.
      for (const clang::Expr* value : it->second) {
        const clang::FunctionDecl* from = calledFunction(value);
        if (!from || !undefined.count(from) || (callee && callee != from)) {
          callee = nullptr;
          break;
        }
        callee = from;
      }
    }
    if (!callee || !undefined.count(callee)) continue;
    auto [it, added] = firstCaller.emplace(callee, call);
    if (!added && sm.isBeforeInTranslationUnit(sm.getExpansionLoc(call->getBeginLoc()),
                                               sm.getExpansionLoc(it->second->getBeginLoc())))
      it->second = call;
  }

  std::set<uint32_t> reported;
  for (const auto& [callee, backward] : firstCaller) {
    std::string name;
    if (auto it = lambdaNames.find(callee); it != lambdaNames.end())
      name = "`" + it->second + "`";
    else if (const auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(callee);
             method && method->getParent()->isLambda())
      name = "this lambda";
    else
      name = "`" + callee->getNameAsString() + "`";
    std::optional<std::string_view> spelled = ctx.textOf(backward->getSourceRange());
    // As written, when it is short and on one line.
    std::string call = spelled && spelled->size() <= 60 && spelled->find('\n') == std::string::npos
                           ? std::string(*spelled)
                           : std::string("backward()");
    for (const UndefinedReturn& u : undefined.at(callee)) {
      std::optional<uint32_t> start = ctx.offsetOf(u.ret->getBeginLoc());
      std::optional<uint32_t> last = ctx.offsetOf(u.ret->getEndLoc());
      if (!start || !last || *last < *start || !reported.insert(*start).second) continue;
      // Through the last token, the macro's name when a macro writes it.
      uint32_t end = *last + clang::Lexer::MeasureTokenLength(
                                 sm.getExpansionLoc(u.ret->getEndLoc()), sm, ctx.ast.getLangOpts());
      Finding f;
      f.message = fmt::format(
          "{} returns an undefined tensor here, and `{}` at line {} throws on it: \"{}\"", name,
          call, ctx.lineOf(backward->getBeginLoc()), *kUndefinedLossBackward.raises);
      f.start = *start;
      f.end = std::max(end, *start + 1);
      f.payload = UndefinedLossBackwardMatch{u.ret};
      out.push_back(std::move(f));
    }
  }
}

}  // namespace lightfix
