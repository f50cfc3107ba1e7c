// LT003: `backward()` on a loss computed inside the scope of a
// `torch::NoGradGuard` (or `c10::AutoGradMode guard(false)`): the loss has
// no graph, and libtorch throws when backward starts.

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/Stmt.h>
#include <clang/AST/StmtCXX.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>
#include <clang/ASTMatchers/ASTMatchers.h>
#include <fmt/format.h>

#include <map>
#include <set>

#include "core/budgets.h"
#include "cxx/cxx_context.h"
#include "matchers/torch_calls.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kBackwardUnderNoGrad{
    "LT003",
    "backward-under-no-grad",
    "`backward()` on a loss computed under a `torch::NoGradGuard` (or "
    "`c10::AutoGradMode(false)`)",
    "element 0 of tensors does not require grad and does not have a grad_fn",
    {"NoGradGuard", "AutoGradMode"}};

namespace {

using namespace clang::ast_matchers;

bool isRecord(const clang::CXXRecordDecl* r, const char* name) {
  return r && r->getQualifiedNameAsString() == name;
}

const clang::CXXRecordDecl* recordOf(const clang::VarDecl& var) {
  return var.getType().getCanonicalType().getNonReferenceType()->getAsCXXRecordDecl();
}

// The argument a c10::AutoGradMode variable is constructed with.
const clang::Expr* autoGradModeArgument(const clang::VarDecl& var) {
  if (!isRecord(recordOf(var), "c10::AutoGradMode") || !var.getInit()) return nullptr;
  const auto* construct = llvm::dyn_cast<clang::CXXConstructExpr>(var.getInit()->IgnoreImplicit());
  if (!construct || construct->getNumArgs() != 1) return nullptr;
  return construct->getArg(0)->IgnoreParenImpCasts();
}

bool isLiteralFalse(const clang::Expr* e) {
  const auto* literal = llvm::dyn_cast_or_null<clang::CXXBoolLiteralExpr>(e);
  return literal && !literal->getValue();
}

// A local variable that turns gradients off for the rest of its block.
bool isNoGradGuard(const clang::VarDecl& var) {
  if (!var.hasLocalStorage() || var.getType()->isReferenceType()) return false;
  return isSameOrDerivedFrom(recordOf(var), "c10::NoGradGuard") ||
         isLiteralFalse(autoGradModeArgument(var));
}

// A local c10::AutoGradMode that may turn gradients back on.
bool reenablesGrad(const clang::VarDecl& var) {
  const clang::Expr* arg = autoGradModeArgument(var);
  return arg && !isLiteralFalse(arg);
}

bool isSetEnabled(const clang::CallExpr& call) {
  const clang::FunctionDecl* f = call.getDirectCallee();
  return f && f->getQualifiedNameAsString() == "c10::GradMode::set_enabled";
}

bool isLambdaCall(const clang::FunctionDecl& f) {
  const auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(&f);
  return method && method->getParent() && method->getParent()->isLambda();
}

// What runs where a statement runs: every sub-statement but the bodies of
// the lambdas written there, which run when (and where) they are called.
template <typename Visit>
void visitRunning(const clang::Stmt* s, const Visit& visit) {
  if (!s) return;
  if (const auto* lambda = llvm::dyn_cast<clang::LambdaExpr>(s)) {
    for (const clang::Expr* init : lambda->capture_inits()) visitRunning(init, visit);
    return;
  }
  visit(*s);
  for (const clang::Stmt* child : s->children()) visitRunning(child, visit);
}

// The code a guard covers (the rest of its block), or a helper's body
// reached from there through `call`.
// A finding and the guard it names, for keeping the nearest guard's.
struct GuardedFinding {
  Finding finding;
  const clang::VarDecl* guard = nullptr;
};

struct Frame {
  clang::SourceLocation begin, end;               // expansion locations
  const clang::FunctionDecl* function = nullptr;  // null for the guard's block
  const clang::CallExpr* call = nullptr;          // the call that entered `function`
  const Frame* parent = nullptr;
  std::vector<const clang::Stmt*> stmts;  // what runs in it
};

class Checker {
 public:
  Checker(const CxxContext& ctx) : ctx_(ctx), sm_(ctx.ast.getSourceManager()) {}

  void check(const clang::CompoundStmt& block, const clang::DeclStmt& declStmt,
             const clang::VarDecl& guard, std::map<uint32_t, GuardedFinding>& out) {
    guard_ = &guard;
    out_ = &out;
    Frame top;
    top.begin = loc(declStmt.getEndLoc());
    top.end = loc(block.getRBracLoc());
    bool after = false;
    for (const clang::Stmt* s : block.body()) {
      if (after) top.stmts.push_back(s);
      after = after || s == &declStmt;
    }
    // Grad mode set by hand anywhere in the scope: lightfix cannot tell.
    for (const clang::Stmt* s : top.stmts)
      for (const clang::CallExpr* call : callsIn(ctx_, *s))
        if (isSetEnabled(*call)) return;
    std::set<const clang::FunctionDecl*> seen;
    walk(top, seen, kMaxCxxHelpers);
  }

 private:
  clang::SourceLocation loc(clang::SourceLocation l) const { return sm_.getExpansionLoc(l); }

  // The body of `helper`, entered by `call` from `parent`.
  Frame helperFrame(const clang::FunctionDecl& helper, const clang::CallExpr& call,
                    const Frame& parent) const {
    Frame inner;
    inner.function = &helper;
    inner.call = &call;
    inner.parent = &parent;
    inner.begin = loc(helper.getBody()->getBeginLoc());
    inner.end = loc(helper.getBody()->getEndLoc());
    inner.stmts = {helper.getBody()};
    return inner;
  }
  bool before(clang::SourceLocation a, clang::SourceLocation b) const {
    return sm_.isBeforeInTranslationUnit(a, b);
  }
  bool within(clang::SourceLocation l, const Frame& f) const {
    return !before(l, f.begin) && !before(f.end, l);
  }

  void walk(const Frame& frame, std::set<const clang::FunctionDecl*>& seen, int depth) {
    for (const clang::Stmt* s : frame.stmts)
      visitRunning(s, [&](const clang::Stmt& node) {
        const auto* call = llvm::dyn_cast<clang::CallExpr>(&node);
        if (!call) return;
        if (isBackwardCall(*call)) {
          checkBackward(frame, *call);
          return;
        }
        const clang::FunctionDecl* helper = calleeWithBody(*call);
        if (depth == 0 || !helper || !helper->getBody() || !inMainFile(*helper) ||
            seen.count(helper))
          return;
        Frame inner = helperFrame(*helper, *call, frame);
        for (const clang::CallExpr* c : callsIn(ctx_, *helper->getBody()))
          if (isSetEnabled(*c)) return;
        seen.insert(helper);
        walk(inner, seen, depth - 1);
        seen.erase(helper);
      });
  }

  bool inMainFile(const clang::FunctionDecl& f) const {
    return ctx_.offsetOf(f.getBeginLoc()).has_value();
  }

  // A c10::AutoGradMode that may turn gradients on, declared in a block of
  // `frame` that holds `at`, before it.
  bool reenabledAt(const Frame& frame, const clang::Stmt& at) const {
    clang::SourceLocation where = loc(at.getBeginLoc());
    auto declaresBefore = [&](const auto& stmts) {
      for (const clang::Stmt* child : stmts) {
        if (!before(loc(child->getEndLoc()), where)) break;
        if (const auto* decls = llvm::dyn_cast<clang::DeclStmt>(child))
          for (const clang::Decl* d : decls->decls())
            if (const auto* var = llvm::dyn_cast<clang::VarDecl>(d))
              if (reenablesGrad(*var)) return true;
      }
      return false;
    };
    if (!frame.function && declaresBefore(frame.stmts)) return true;
    // Blocks anywhere in the frame, lambdas' included: a lambda holding
    // `at` is a frame of its own, so only blocks holding it matter.
    for (const clang::Stmt* s : frame.stmts)
      for (const BoundNodes& b : match(findAll(compoundStmt().bind("block")), *s, ctx_.ast)) {
        const auto* block = b.getNodeAs<clang::CompoundStmt>("block");
        if (before(where, loc(block->getLBracLoc())) || before(loc(block->getRBracLoc()), where))
          continue;
        if (declaresBefore(block->body())) return true;
      }
    return false;
  }

  static const clang::Expr* strip(const clang::Expr* e) {
    while (e) {
      const clang::Expr* next = e->IgnoreParenImpCasts()->IgnoreImplicit();
      if (const auto* construct = llvm::dyn_cast<clang::CXXConstructExpr>(next)) {
        const clang::CXXConstructorDecl* ctor = construct->getConstructor();
        if (construct->getNumArgs() == 1 && ctor &&
            (ctor->isCopyConstructor() || ctor->isMoveConstructor()))
          next = construct->getArg(0);
      }
      if (const auto* call = llvm::dyn_cast<clang::CallExpr>(next)) {
        const clang::FunctionDecl* f = call->getDirectCallee();
        if (f && call->getNumArgs() == 1 &&
            (f->getQualifiedNameAsString() == "std::move" ||
             f->getQualifiedNameAsString() == "std::forward"))
          next = call->getArg(0);
      }
      if (next == e) break;
      e = next;
    }
    return e;
  }

  // Whether the tensor `e` evaluates to, in `frame`, was made there by a
  // tensor operation (so without a graph), not copied from elsewhere.
  // `at`: where it is used. Unsure: false.
  bool computed(const clang::Expr* e, const Frame& frame, const clang::Stmt& at, int depth) const {
    e = strip(e);
    if (!e || depth < 0) return false;
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
      const auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
      if (!var) return false;
      if (const auto* param = llvm::dyn_cast<clang::ParmVarDecl>(var))
        return computedArgument(*param, frame, depth);
      return computedVariable(*var, frame, at, depth);
    }
    if (const auto* call = llvm::dyn_cast<clang::CallExpr>(e)) {
      if (call->isGLValue()) return false;  // a reference to a tensor kept elsewhere
      const clang::FunctionDecl* f = call->getDirectCallee();
      if (!f) return false;
      if (const auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(f))
        if (isRecord(method->getParent(), "at::Tensor") && method->getIdentifier()) {
          // These may give back the tensor itself, graph and all.
          static const std::set<std::string> mayBeSelf = {"to",      "contiguous", "cpu", "cuda",
                                                          "type_as", "coalesce",   "cast"};
          if (mayBeSelf.count(method->getName().str())) return false;
        }
      std::string name = f->getQualifiedNameAsString();
      for (const char* ns : {"at::", "torch::", "c10::"})
        if (name.rfind(ns, 0) == 0) return true;
      // A function of this file: every value it returns is made in it.
      const clang::FunctionDecl* helper = calleeWithBody(*call);
      if (!helper || !helper->getBody() || !inMainFile(*helper)) return false;
      Frame inner = helperFrame(*helper, *call, frame);
      bool any = false;
      for (const BoundNodes& b :
           match(findAll(returnStmt().bind("ret")), *helper->getBody(), ctx_.ast)) {
        const auto* ret = b.getNodeAs<clang::ReturnStmt>("ret");
        if (!computed(ret->getRetValue(), inner, *ret, depth - 1)) return false;
        any = true;
      }
      return any;
    }
    return false;
  }

  // A helper's parameter: what the call that entered it passes.
  bool computedArgument(const clang::ParmVarDecl& param, const Frame& frame, int depth) const {
    if (!frame.function || !frame.call || !frame.parent) return false;
    if (param.getDeclContext() != frame.function) return false;
    unsigned index = param.getFunctionScopeIndex();
    // `obj(args)` through an operator(): the object comes first.
    if (llvm::isa<clang::CXXOperatorCallExpr>(frame.call) &&
        llvm::isa<clang::CXXMethodDecl>(frame.function))
      ++index;
    if (index >= frame.call->getNumArgs()) return false;
    if (param.getType()->isLValueReferenceType() &&
        !param.getType().getNonReferenceType().isConstQualified())
      return false;  // the helper may write it
    return computed(frame.call->getArg(index), *frame.parent, *frame.call, depth - 1);
  }

  // A local: made in the frame (or one that called it) by its initializer,
  // or by an assignment there before `at`; and not made a leaf by hand.
  bool computedVariable(const clang::VarDecl& var, const Frame& frame, const clang::Stmt& at,
                        int depth) const {
    if (!var.hasLocalStorage()) return false;
    if (markedRequiresGrad(var, frame)) return false;
    clang::SourceLocation declared = loc(var.getLocation());
    const clang::Stmt* use = &at;
    for (const Frame* f = &frame; f; use = f->call, f = f->parent) {
      if (within(declared, *f) && var.getInit() && computed(var.getInit(), *f, *use, depth - 1))
        return true;
      if (assignedIn(var, *f, *use, depth)) return true;
    }
    return false;
  }

  // `var = <computed>` in the frame, before `use`.
  bool assignedIn(const clang::VarDecl& var, const Frame& frame, const clang::Stmt& use,
                  int depth) const {
    bool found = false;
    for (const clang::Stmt* s : frame.stmts)
      visitRunning(s, [&](const clang::Stmt& node) {
        const auto* op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(&node);
        if (found || !op || op->getOperator() != clang::OO_Equal || op->getNumArgs() != 2) return;
        const auto* lhs = llvm::dyn_cast<clang::DeclRefExpr>(op->getArg(0)->IgnoreParenImpCasts());
        if (!lhs || lhs->getDecl() != &var) return;
        if (!before(loc(op->getBeginLoc()), loc(use.getBeginLoc()))) return;
        found = computed(op->getArg(1), frame, *op, depth - 1);
      });
    return found;
  }

  // `loss.requires_grad_()` / `loss.set_requires_grad(true)` anywhere near:
  // a leaf that backward accepts.
  bool markedRequiresGrad(const clang::VarDecl& var, const Frame& frame) const {
    for (const Frame* f = &frame; f; f = f->parent)
      for (const clang::Stmt* s : f->stmts)
        for (const clang::CallExpr* call : callsIn(ctx_, *s)) {
          const auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call);
          const clang::CXXMethodDecl* method = member ? member->getMethodDecl() : nullptr;
          if (!method || !method->getIdentifier()) continue;
          if (method->getName() != "requires_grad_" && method->getName() != "set_requires_grad")
            continue;
          const auto* object = llvm::dyn_cast_or_null<clang::DeclRefExpr>(
              member->getImplicitObjectArgument()->IgnoreParenImpCasts());
          if (object && object->getDecl() == &var) return true;
        }
    return false;
  }

  void checkBackward(const Frame& frame, const clang::CallExpr& call) {
    const clang::Expr* tensor = backwardTensor(call);
    if (!tensor || !computed(tensor, frame, call, kMaxCxxTrace)) return;
    const clang::Stmt* use = &call;
    for (const Frame* f = &frame; f; use = f->call, f = f->parent)
      if (reenabledAt(*f, *use)) return;
    std::optional<uint32_t> start = ctx_.offsetOf(call.getBeginLoc());
    std::optional<uint32_t> end = ctx_.offsetOf(call.getEndLoc());
    if (!start || !end) return;
    const clang::FunctionDecl* firstHelper = nullptr;
    const clang::CallExpr* firstCall = nullptr;
    for (const Frame* f = &frame; f && f->call; f = f->parent) {
      firstHelper = f->function;
      firstCall = f->call;
    }
    std::string backward = spelledBackward(call, tensor);
    std::string guard = spelledGuard();
    unsigned guardLine = ctx_.lineOf(guard_->getLocation());
    Finding finding;
    if (firstCall)
      finding.message = fmt::format(
          "`{}` is reached through {} called at line {}, under the `{}` declared at line {}: "
          "the loss is computed without a graph, and backward throws \"{}\"",
          backward, spelledCallee(*firstHelper, *firstCall), ctx_.lineOf(firstCall->getBeginLoc()),
          guard, guardLine, *kBackwardUnderNoGrad.raises);
    else
      finding.message = fmt::format(
          "`{}` runs under the `{}` declared at line {}: the loss is computed without a graph, "
          "and backward throws \"{}\"",
          backward, guard, guardLine, *kBackwardUnderNoGrad.raises);
    finding.start = *start;
    finding.end = *end + 1;
    // One report a call: the nearest guard (declared last) wins.
    auto it = out_->find(*start);
    if (it != out_->end() &&
        before(loc(guard_->getLocation()), loc(it->second.guard->getLocation())))
      return;
    (*out_)[*start] = {std::move(finding), guard_};
  }

  std::string spelledBackward(const clang::CallExpr& call, const clang::Expr* tensor) const {
    if (std::optional<std::string_view> text = ctx_.textOf(call.getSourceRange()))
      if (text->find('\n') == std::string_view::npos) return std::string(*text);
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(tensor->IgnoreParenImpCasts()))
      return ref->getDecl()->getNameAsString() + ".backward()";
    return "backward()";
  }

  std::string spelledGuard() const {
    std::string type;
    if (const clang::TypeSourceInfo* info = guard_->getTypeSourceInfo())
      if (std::optional<std::string_view> text = ctx_.textOf(info->getTypeLoc().getSourceRange()))
        type = std::string(*text);
    if (type.empty() || type == "auto")
      type = guard_->getType().getCanonicalType().getUnqualifiedType().getAsString();
    if (!isSameOrDerivedFrom(recordOf(*guard_), "c10::NoGradGuard")) type += "(false)";
    return type;
  }

  std::string spelledCallee(const clang::FunctionDecl& f, const clang::CallExpr& call) const {
    if (isLambdaCall(f)) {
      if (const auto* op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(&call))
        if (const auto* ref =
                llvm::dyn_cast<clang::DeclRefExpr>(op->getArg(0)->IgnoreParenImpCasts()))
          return "the lambda `" + ref->getDecl()->getNameAsString() + "`";
      return "a lambda";
    }
    return "`" + f.getNameAsString() + "`";
  }

  const CxxContext& ctx_;
  const clang::SourceManager& sm_;
  const clang::VarDecl* guard_ = nullptr;
  std::map<uint32_t, GuardedFinding>* out_ = nullptr;
};

}  // namespace

void matchBackwardUnderNoGrad(const CxxContext& ctx, std::vector<Finding>& out) {
  auto block = compoundStmt().bind("block");
  std::map<uint32_t, GuardedFinding> findings;  // by offset: templates' instantiations repeat
  Checker checker(ctx);
  for (clang::Decl* top : ctx.decls)
    for (const BoundNodes& found : match(decl(forEachDescendant(block)), *top, ctx.ast)) {
      const auto* c = found.getNodeAs<clang::CompoundStmt>("block");
      for (const clang::Stmt* s : c->body()) {
        const auto* declStmt = llvm::dyn_cast<clang::DeclStmt>(s);
        if (!declStmt) continue;
        for (const clang::Decl* d : declStmt->decls())
          if (const auto* var = llvm::dyn_cast<clang::VarDecl>(d))
            if (isNoGradGuard(*var)) checker.check(*c, *declStmt, *var, findings);
      }
    }
  for (auto& [offset, guarded] : findings) out.push_back(std::move(guarded.finding));
}

}  // namespace lightfix
