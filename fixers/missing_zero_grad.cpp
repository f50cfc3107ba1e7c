// LT001's fix: `<optimizer>.zero_grad();` on its own line before the
// statement of the loop's body that holds the backward() call, so that each
// iteration starts from zeroed gradients and the step after it sees only
// this iteration's.

#include <clang/AST/Stmt.h>
#include <clang/AST/StmtCXX.h>

#include "cxx/cxx_context.h"
#include "matchers/missing_zero_grad.h"
#include "matchers/torch_calls.h"
#include "rules/finding.h"

namespace lightfix {

namespace {

const clang::Stmt* loopBody(const clang::Stmt& loop) {
  if (const auto* f = llvm::dyn_cast<clang::ForStmt>(&loop)) return f->getBody();
  if (const auto* r = llvm::dyn_cast<clang::CXXForRangeStmt>(&loop)) return r->getBody();
  if (const auto* w = llvm::dyn_cast<clang::WhileStmt>(&loop)) return w->getBody();
  if (const auto* d = llvm::dyn_cast<clang::DoStmt>(&loop)) return d->getBody();
  return nullptr;
}

// The statement directly in `body` whose text holds `offset`.
const clang::Stmt* statementHolding(const CxxContext& ctx, const clang::CompoundStmt& body,
                                    uint32_t offset) {
  for (const clang::Stmt* s : body.body()) {
    std::optional<uint32_t> from = ctx.offsetOf(s->getBeginLoc());
    std::optional<uint32_t> to = ctx.offsetOf(s->getEndLoc());
    if (from && to && *from <= offset && offset <= *to) return s;
  }
  return nullptr;
}

}  // namespace

std::optional<Fix> fixMissingZeroGrad(const CxxContext& ctx, const Finding& finding) {
  const auto* match = finding.payloadAs<MissingZeroGradMatch>();
  if (!match || !match->loop || !match->step) return std::nullopt;
  const clang::Stmt* loop = match->loop;
  const clang::CallExpr* step = match->step;
  const auto* body = llvm::dyn_cast_or_null<clang::CompoundStmt>(loopBody(*loop));
  if (!body) return std::nullopt;  // a body without braces: no line to add
  const clang::Stmt* anchor = statementHolding(ctx, *body, finding.start);
  if (!anchor) return std::nullopt;

  std::optional<std::string> object = memberPrefix(ctx, *step);
  if (!object) return std::nullopt;

  // On a line of its own, only where the statement starts its line.
  std::optional<uint32_t> at = ctx.offsetOf(anchor->getBeginLoc());
  if (!at) return std::nullopt;
  unsigned line = ctx.file.lineOf(*at);
  std::string_view indent = ctx.file.indentOf(line);
  if (ctx.file.lineStart(line) + indent.size() != *at) return std::nullopt;

  Fix fix;
  fix.message = "Call `" + *object + "zero_grad()` before the backward pass";
  fix.applicability = Applicability::Safe;
  std::string text = std::string(indent) + *object + "zero_grad();" + std::string(ctx.file.eol());
  llvm::cantFail(fix.edits.add(ctx.replacement(ctx.file.lineStart(line), 0, text)));
  return fix;
}

}  // namespace lightfix
