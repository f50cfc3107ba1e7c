// LF003 training-step-returns-none: return a zeroed loss instead of `None`.
// `loss * 0.0` when a loss is bound on every path to the return and is not
// the thing found to be NaN/inf or None (`nan * 0` is `nan`); otherwise a
// zero tied to every trainable parameter, so that every rank runs the same
// backward and ZeRO's collectives stay in step (a detached zero can hang).
// Unsafe: the optimizer still steps (momentum, weight decay, schedulers).
// None for a class whose `configure_optimizers` returns no optimizer: it may
// have no parameter to tie the zero to.

#include <fmt/format.h>

#include <regex>

#include "core/source_file.h"
#include "edit/insertion.h"
#include "matchers/training_step_returns_none.h"
#include "model/file_model.h"
#include "python/flow.h"
#include "python/node.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

// The name the function returns its loss under: `return loss` or
// `return {"loss": loss, ...}`.
std::string lossName(Node function, std::string_view source) {
  std::string name;
  forEachOwnNode(function, [&](Node n) {
    if (!name.empty() || !is(n, "return_statement")) return;
    Node value = namedChild(n, 0);
    if (is(value, "identifier")) {
      name = std::string(textOf(value, source));
    } else if (is(value, "dictionary")) {
      for (Node pair : namedChildren(value)) {
        std::string key;
        if (is(pair, "pair") && stringLiteral(field(pair, "key"), source, key) && key == "loss" &&
            is(field(pair, "value"), "identifier"))
          name = std::string(textOf(field(pair, "value"), source));
      }
    }
  });
  return name;
}

bool badLossTest(Node condition, std::string_view loss, std::string_view source) {
  static const std::regex nonFinite(R"(\b(isnan|isinf|isfinite|nan|inf)\b)");
  std::regex isNone(loss.empty() ? std::string("$^")
                                 : fmt::format(R"(\b{0}\s+is\s+None\b|\bnot\s+{0}\b)", loss));
  std::string text(textOf(condition, source));
  return std::regex_search(text, nonFinite) || std::regex_search(text, isNone);
}

// Whether the skip may be taken because the loss is NaN/inf or None: a test
// of it guards the return, or — when control falls off the end — appears
// anywhere in the function, since the path falling through is the one the
// test turned away.
bool guardedByBadLoss(Node function, Node ret, std::string_view loss, std::string_view source) {
  bool guarded = false;
  auto check = [&](Node n) {
    if ((is(n, "if_statement") || is(n, "elif_clause")) &&
        badLossTest(field(n, "condition"), loss, source))
      guarded = true;
  };
  if (isNull(ret)) {
    forEachOwnNode(function, check);
    return guarded;
  }
  for (Node p = parentOf(ret); !isNull(p) && !sameNode(p, function); p = parentOf(p)) check(p);
  return guarded;
}

// Whether the step's class says it trains no parameters: its own
// `configure_optimizers` returns no optimizer (nothing, or `None`). A zero
// tied to its parameters would then be `sum([]) * 0.0`, a float, which
// Lightning's automatic loop refuses under every strategy.
bool trainsNothing(const FileContext& ctx, const FunctionInfo& step) {
  if (isNull(step.ownerClass)) return false;
  std::string_view source = ctx.file.text();
  for (const FunctionInfo* fn : ctx.model.bindings().methodsOf(step.ownerClass)) {
    if (fn->name != "configure_optimizers") continue;
    for (Node value : ctx.model.bindings().returnedValues(fn))
      if (!is(value, "none") && textOf(value, source) != "None") return false;
    return true;
  }
  return false;
}

}  // namespace

std::optional<Fix> fixTrainingStepReturnsNone(const FileContext& ctx, const Finding& finding) {
  const auto* match = finding.payloadAs<TrainingStepReturnsNoneMatch>();
  if (!match) return std::nullopt;
  const SourceFile& file = ctx.file;
  std::string_view source = file.text();
  Node function = match->function;
  Node ret = match->ret;
  const FunctionInfo* info = ctx.model.bindings().function(function);
  if (!info || info->params.empty()) return std::nullopt;
  if (match->indirect) return std::nullopt;
  // It stepped its optimizer itself: a zero loss would step it twice.
  if (match->manual) return std::nullopt;

  std::string loss = lossName(function, source);
  Node body = field(function, "body");
  // `loss if ok else None`: `ok` may be what turned the loss away.
  Node none = match->noneBranch;
  bool useLoss = !loss.empty() && boundOnEveryPath(function, ret, loss, source) &&
                 !guardedByBadLoss(function, ret, loss, source) &&
                 (isNull(none) || !badLossTest(namedChild(parentOf(none), 1), loss, source));
  if (!useLoss && trainsNothing(ctx, *info)) return std::nullopt;
  std::string zero =
      useLoss ? fmt::format("{} * 0.0", loss)
              : fmt::format("sum(p.sum() for p in {}.parameters() if p.requires_grad) * 0.0",
                            info->params[0]);

  Fix fix;
  fix.applicability = Applicability::Unsafe;
  fix.message = fmt::format("Return `{}` instead", zero);
  if (!isNull(none)) {
    if (!addEdit(fix.edits, replaceNode(file, none, zero))) return std::nullopt;
    return fix;
  }
  std::string statement = "return " + zero;
  if (!isNull(ret)) {
    if (!addEdit(fix.edits, replaceNode(file, ret, statement))) return std::nullopt;
    return fix;
  }
  // Falling off the end: add the return after the body's last statement, at
  // the body's own indentation.
  std::vector<Node> statements;
  for (Node s : namedChildren(body))
    if (!is(s, "comment")) statements.push_back(s);
  if (statements.empty()) return std::nullopt;
  unsigned firstLine = file.lineOf(startOf(statements.front()));
  if (firstLine == file.lineOf(startOf(function))) return std::nullopt;  // `def f(): pass`
  std::string indent(file.indentOf(firstLine));
  if (!addEdit(fix.edits, insertLineAfter(file, statements.back(), statement, &indent)))
    return std::nullopt;
  return fix;
}

}  // namespace lightfix
