// LF002 backward-ambiguous-model: add `model=X`, X the set-up model whose
// optimizer is stepped after this backward. The backward runs through X's
// engine (its gradient accumulation, loss scaling and ZeRO reduction), so X
// is the model whose optimizer steps on these gradients: pair by the
// optimizer step, fall back to the loss's data flow only when it names
// exactly one set-up model, and otherwise leave it to a person.

#include <fmt/format.h>

#include "core/source_file.h"
#include "edit/insertion.h"
#include "fixers/arguments.h"
#include "matchers/backward_ambiguous_model.h"
#include "matchers/data_flow.h"
#include "model/file_model.h"
#include "python/node.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

// A name visible in `scope` that holds slot 0 (the model) of `setup`.
std::string nameOfModel(const FileContext& ctx, const SetupCall& setup, Node scope) {
  std::string_view source = ctx.file.text();
  if (!setup.targets.empty() && sameNode(setup.scope, scope))
    return std::string(textOf(setup.targets[0], source));
  const FunctionInfo* fn = ctx.model.bindings().function(scope);
  if (!fn) return {};
  for (Node param : fn->paramNodes) {
    if (ctx.model.setupOfModel(param, scope) == &setup) return std::string(textOf(param, source));
  }
  // `self.model` bound in another method of the same class.
  const FunctionInfo* owner = ctx.model.bindings().function(setup.scope);
  if (!setup.targets.empty() && is(setup.targets[0], "attribute") && owner &&
      !isNull(fn->ownerClass) && sameNode(owner->ownerClass, fn->ownerClass))
    return std::string(textOf(setup.targets[0], source));
  return {};
}

// What the optimizer steps after a backward (before the next one) say.
struct Stepped {
  const SetupCall* setup = nullptr;  // the one set-up they all step
  bool conflicting = false;          // they step optimizers of different set-ups
};

Stepped steppedAfter(const FileContext& ctx, Node backward, Node scope) {
  Stepped stepped;
  for (const MethodCall& step : stepsAfter(ctx, backward, scope)) {
    const SetupCall* s = ctx.model.setupOfOptimizer(step.receiver, scope);
    if (s && !s->moduleOnly) {
      if (stepped.setup && stepped.setup != s) stepped.conflicting = true;
      stepped.setup = s;
    }
  }
  return stepped;
}

// The one set-up model the loss is computed from, or null.
const SetupCall* feedingLoss(const FileContext& ctx, Node backward, Node scope) {
  std::vector<Node> args = positionalArguments(field(backward, "arguments"));
  if (args.empty()) return nullptr;
  const SetupCall* only = nullptr;
  for (Node m : modelsFeeding(ctx, args[0], scope, startOf(backward))) {
    // A model run under `no_grad()` feeds the loss no gradient.
    if (runsWithoutGradients(m, ctx.file.text())) continue;
    const SetupCall* s = ctx.model.setupOfModel(m, scope);
    if (!s) continue;
    if (only && only != s) return nullptr;
    only = s;
  }
  return only;
}

}  // namespace

std::optional<Fix> fixBackwardAmbiguousModel(const FileContext& ctx, const Finding& finding) {
  const auto* match = finding.payloadAs<BackwardAmbiguousModelMatch>();
  if (!match) return std::nullopt;
  Node backward = match->backward;
  Node arguments = match->arguments;
  Node scope = ctx.model.bindings().scopeOf(backward);
  // Two optimizers stepped after one backward: no one `model=` serves both.
  Stepped stepped = steppedAfter(ctx, backward, scope);
  if (stepped.conflicting) return std::nullopt;
  const SetupCall* setup = stepped.setup ? stepped.setup : feedingLoss(ctx, backward, scope);
  if (!setup) return std::nullopt;
  std::string model = nameOfModel(ctx, *setup, scope);
  if (model.empty()) return std::nullopt;

  std::optional<clang::tooling::Replacement> edit =
      appendArgument(ctx.file, arguments, "model=" + model);
  if (!edit) return std::nullopt;
  Fix fix;
  fix.message = fmt::format("Pass `model={}`", model);
  if (!addEdit(fix.edits, *edit)) return std::nullopt;
  return fix;
}

}  // namespace lightfix
