// LT001: a loop that calls backward() and an optimizer's step() but never
// that optimizer's zero_grad(): each iteration's gradients add to the last.

#include <clang/AST/Stmt.h>
#include <clang/AST/StmtCXX.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>
#include <clang/ASTMatchers/ASTMatchers.h>
#include <fmt/format.h>

#include <map>
#include <set>

#include "core/budgets.h"
#include "cxx/cxx_context.h"
#include "matchers/missing_zero_grad.h"
#include "matchers/torch_calls.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kMissingZeroGrad{
    "LT001",
    "missing-zero-grad",
    "a C++ training loop steps an optimizer after `backward()` but never calls its "
    "`zero_grad()`",
    std::nullopt,
    {"backward"}};

namespace {

using namespace clang::ast_matchers;

// What clears gradients besides an optimizer's own zero_grad(): a module's
// zero_grad(), or writing a parameter's gradient by hand. Any of them, or a
// helper doing one, counts for every optimizer: no false alarms.
bool clearsAllGradients(const clang::CallExpr& call) {
  if (isModuleZeroGrad(call)) return true;
  const auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(&call);
  const clang::CXXMethodDecl* method = member ? member->getMethodDecl() : nullptr;
  if (!method || !method->getIdentifier()) return false;
  llvm::StringRef name = method->getName();
  return name == "mutable_grad" || name == "zero_grad";
}

// The optimizers a loop's iteration zeroes (by identity), or all of them.
struct Zeroed {
  bool all = false;
  std::set<std::string> optimizers;
};

void collectZeroed(const CxxContext& ctx, const clang::Stmt& root, Zeroed& zeroed,
                   std::set<const clang::FunctionDecl*>& seen, int depth) {
  for (const clang::CallExpr* call : callsIn(ctx, root)) {
    if (isOptimizerCall(*call, "zero_grad")) {
      zeroed.optimizers.insert(identityOf(ctx, calledObject(*call)));
      continue;
    }
    if (clearsAllGradients(*call)) {
      zeroed.all = true;
      continue;
    }
    const clang::FunctionDecl* helper = calleeWithBody(*call);
    if (depth > 0 && helper && helper->getBody() && seen.insert(helper).second)
      collectZeroed(ctx, *helper->getBody(), zeroed, seen, depth - 1);
  }
}

// The parts of a loop that run on every iteration.
std::vector<const clang::Stmt*> iterationParts(const clang::Stmt& loop) {
  if (const auto* f = llvm::dyn_cast<clang::ForStmt>(&loop))
    return {f->getCond(), f->getInc(), f->getBody()};
  if (const auto* r = llvm::dyn_cast<clang::CXXForRangeStmt>(&loop)) return {r->getBody()};
  if (const auto* w = llvm::dyn_cast<clang::WhileStmt>(&loop)) return {w->getCond(), w->getBody()};
  if (const auto* d = llvm::dyn_cast<clang::DoStmt>(&loop)) return {d->getBody(), d->getCond()};
  return {};
}

struct LoopCalls {
  std::vector<const clang::CallExpr*> backwards;
  // Each optimizer stepped, by identity: its first step().
  std::map<std::string, const clang::CallExpr*> steps;
  std::vector<std::string> stepOrder;
};

LoopCalls loopCalls(const CxxContext& ctx, const clang::Stmt& loop) {
  LoopCalls out;
  for (const clang::Stmt* part : iterationParts(loop)) {
    if (!part) continue;
    for (const clang::CallExpr* call : callsIn(ctx, *part)) {
      if (isBackwardCall(*call)) out.backwards.push_back(call);
      if (!isOptimizerCall(*call, "step")) continue;
      std::string id = identityOf(ctx, calledObject(*call));
      if (id.empty() || out.steps.count(id)) continue;
      out.steps[id] = call;
      out.stepOrder.push_back(id);
    }
  }
  return out;
}

bool before(const CxxContext& ctx, const clang::Stmt* a, const clang::Stmt* b) {
  const clang::SourceManager& sm = ctx.ast.getSourceManager();
  return sm.isBeforeInTranslationUnit(sm.getExpansionLoc(a->getBeginLoc()),
                                      sm.getExpansionLoc(b->getBeginLoc()));
}

bool contains(const CxxContext& ctx, const clang::Stmt& outer, const clang::Stmt& inner) {
  const clang::SourceManager& sm = ctx.ast.getSourceManager();
  clang::SourceRange o(sm.getExpansionLoc(outer.getBeginLoc()),
                       sm.getExpansionLoc(outer.getEndLoc()));
  clang::SourceLocation i = sm.getExpansionLoc(inner.getBeginLoc());
  return &outer != &inner && !sm.isBeforeInTranslationUnit(i, o.getBegin()) &&
         !sm.isBeforeInTranslationUnit(o.getEnd(), i);
}

}  // namespace

void matchMissingZeroGrad(const CxxContext& ctx, std::vector<Finding>& out) {
  auto loop = stmt(anyOf(forStmt(), cxxForRangeStmt(), whileStmt(), doStmt())).bind("loop");
  std::vector<const clang::Stmt*> loops;
  for (clang::Decl* top : ctx.decls)
    for (const BoundNodes& found : match(decl(forEachDescendant(loop)), *top, ctx.ast))
      loops.push_back(found.getNodeAs<clang::Stmt>("loop"));

  std::map<const clang::Stmt*, LoopCalls> calls;
  for (const clang::Stmt* l : loops) calls[l] = loopCalls(ctx, *l);

  for (const clang::Stmt* l : loops) {
    const LoopCalls& here = calls[l];
    if (here.backwards.empty() || here.steps.empty()) continue;
    Zeroed zeroed;
    std::set<const clang::FunctionDecl*> seen;
    for (const clang::Stmt* part : iterationParts(*l))
      if (part) collectZeroed(ctx, *part, zeroed, seen, kMaxCxxHelpers);
    if (zeroed.all) continue;
    for (const std::string& id : here.stepOrder) {
      if (zeroed.optimizers.count(id)) continue;
      // Reported once, at the innermost loop that holds both calls.
      bool inner = false;
      for (const clang::Stmt* other : loops)
        inner = inner || (contains(ctx, *l, *other) && !calls[other].backwards.empty() &&
                          calls[other].steps.count(id));
      if (inner) continue;
      const clang::CallExpr* step = here.steps.at(id);
      // The backward that starts this step's gradients: the first one after
      // the step before it (of any optimizer), where zeroing must go.
      const clang::Stmt* previous = nullptr;
      for (const auto& [other, call] : here.steps)
        if (before(ctx, call, step) && (!previous || before(ctx, previous, call))) previous = call;
      const clang::CallExpr* backward = here.backwards.front();
      for (const clang::CallExpr* b : here.backwards)
        if (before(ctx, b, step) && (!previous || before(ctx, previous, b))) {
          backward = b;
          break;
        }
      auto range = ctx.rangeOf(backward->getSourceRange());
      if (!range) continue;
      std::string optimizer = memberPrefix(ctx, *step).value_or("optimizer.");
      Finding f;
      f.message = fmt::format(
          "`{0}step()` in this loop follows `backward()`, but `{0}zero_grad()` is never called "
          "in it: each iteration's gradients add up to the previous ones",
          optimizer);
      f.start = range->first;
      f.end = range->second;
      f.payload = MissingZeroGradMatch{l, step};
      out.push_back(std::move(f));
    }
  }
}

}  // namespace lightfix
