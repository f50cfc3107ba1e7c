// LF001 backward-before-setup: insert `model, optimizer =
// fabric.setup(model, optimizer)` once the model whose output feeds the loss
// and the optimizer built from its parameters both exist, before the loop
// that calls backward; launch the Fabric first when nothing launches it.

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "core/budgets.h"
#include "core/source_file.h"
#include "edit/insertion.h"
#include "fixers/launch_insertion.h"
#include "fixers/statements.h"
#include "matchers/backward_before_setup.h"
#include "matchers/data_flow.h"
#include "model/file_model.h"
#include "python/flow.h"
#include "python/node.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

struct ModelAndOptimizer {
  std::string model;
  std::string optimizer;  // empty when there is none to set up
};

std::string lowercase(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

bool looksLikeLoss(std::string_view name) {
  std::string lower = lowercase(name);
  return lower.find("loss") != std::string::npos || lower.find("criterion") != std::string::npos;
}

// A parameter of the function that is stepped like an optimizer.
std::string steppedParameter(const FileContext& ctx, Node scope) {
  const FunctionInfo* fn = ctx.model.bindings().function(scope);
  if (!fn) return {};
  std::string found;
  walk(field(scope, "body"), [&](Node n) {
    MethodCall mc;
    if (found.empty() && asMethodCall(n, ctx.file.text(), mc) && mc.method == "step" &&
        is(mc.receiver, "identifier") && fn->paramIndex(textOf(mc.receiver, ctx.file.text())) >= 0)
      found = std::string(textOf(mc.receiver, ctx.file.text()));
    return found.empty();
  });
  return found;
}

// A learning-rate scheduler (`torch.optim.lr_scheduler.StepLR(opt)`,
// `get_cosine_schedule_with_warmup(...)`): stepped, but never set up.
bool isScheduler(const FileContext& ctx, Node receiver, Node scope) {
  auto named = [](std::string_view text) {
    return lowercase(text).find("sched") != std::string::npos ||
           (text.size() > 2 && text.substr(text.size() - 2) == "LR");
  };
  std::string_view source = ctx.file.text();
  if (named(textOf(receiver, source))) return true;
  Origin o = ctx.model.bindings().trace(receiver, scope);
  return o.kind == Origin::Expression && is(o.expr, "call") &&
         named(textOf(field(o.expr, "function"), source));
}

// Whether every optimizer stepped after `backward` in `scope` (up to the
// next backward) is `optimizer`: under DeepSpeed an optimizer that is not
// set up with the model steps nothing the engine trained.
bool onlyStepped(const FileContext& ctx, Node backward, Node scope, const std::string& optimizer) {
  std::string_view source = ctx.file.text();
  for (const MethodCall& step : stepsAfter(ctx, backward, scope))
    if (positionalArguments(step.arguments).empty() && textOf(step.receiver, source) != optimizer &&
        !isScheduler(ctx, step.receiver, scope))
      return false;
  return true;
}

// The loss is traced where backward is (`lossScope`); the model and its
// optimizer are looked up where the set-up will go (`home`, before `use`):
// the same function, or the one a closure is called from.
std::optional<ModelAndOptimizer> chooseModel(const FileContext& ctx, Node loss, Node lossScope,
                                             uint32_t lossBefore, Node home, uint32_t before) {
  std::vector<Node> models = modelsFeeding(ctx, loss, lossScope, lossBefore);
  std::optional<ModelAndOptimizer> choice;
  for (Node m : models) {
    std::string_view name = textOf(m, ctx.file.text());
    if (const Assignment* opt = optimizerBuiltFrom(ctx, name, home, before)) {
      if (choice) return std::nullopt;  // two trained models: not ours to pick
      choice = ModelAndOptimizer{std::string(name), opt->target};
    }
  }
  if (choice) return choice;
  std::vector<std::string> plausible;
  for (Node m : models)
    if (!looksLikeLoss(textOf(m, ctx.file.text())))
      plausible.emplace_back(textOf(m, ctx.file.text()));
  if (plausible.size() != 1) return std::nullopt;
  return ModelAndOptimizer{plausible[0], steppedParameter(ctx, home)};
}

// Where the set-up goes and the names it uses there: in `scope`, ahead of
// `use`.
struct Placement {
  Node scope;
  Node use;
  std::string model;
  std::string optimizer;
  std::string fabric;
};

// Whether some call in the file names `name` (`name(...)`, `x.name(...)`).
bool calledByName(const FileContext& ctx, std::string_view name) {
  std::string_view source = ctx.file.text();
  bool found = false;
  walk(ctx.model.bindings().module(), [&](Node n) {
    if (found) return false;
    if (!is(n, "call")) return true;
    Node callee = field(n, "function");
    if (is(callee, "attribute")) callee = field(callee, "attribute");
    found = is(callee, "identifier") && textOf(callee, source) == name;
    return true;
  });
  return found;
}

// When the model and optimizer came in as parameters, the set-up belongs to
// the caller that made them: its later uses (`fabric.save(model)`) need the
// set-up objects too, and a helper called once per epoch would set up twice.
// A launched function, or one nothing here calls, sets up at its top.
std::optional<Placement> place(const FileContext& ctx, Placement p, int depth) {
  const Bindings& bindings = ctx.model.bindings();
  const FunctionInfo* fn = bindings.function(p.scope);
  auto isParameter = [&](const std::string& name) {
    return fn && fn->paramIndex(name) >= 0 &&
           !bindings.reaching(name, p.scope, startOf(p.use), false);
  };
  if (!isParameter(p.model) || (!p.optimizer.empty() && !isParameter(p.optimizer))) return p;
  // A caller in another file would need an edit there: left to a person.
  if (!ctx.model.foreignCallers(fn).empty()) return std::nullopt;
  std::vector<const CallSite*> callers = bindings.callersOf(fn);
  // Called in ways not followed: a function holding the training loop
  // (`fit(self, model, optimizer)`) sets up at its top, before the loop;
  // one step of it (`stepper.step(model, ...)`) may run once per batch,
  // and where the set-up belongs is not known.
  if (callers.empty() && !insideLoop(p.use) &&
      (!isNull(fn->ownerClass) || calledByName(ctx, fn->name)))
    return std::nullopt;
  bool allLaunches = std::all_of(callers.begin(), callers.end(),
                                 [](const CallSite* c) { return c->kind == CallSite::Launch; });
  if (allLaunches) return p;
  if (callers.size() != 1 || depth > kMaxSetupCallers) return std::nullopt;
  const CallSite& site = *callers[0];
  std::string_view source = ctx.file.text();
  bool ok = true;
  auto translate = [&](const std::string& name) -> std::string {
    if (name.empty() || fn->paramIndex(name) < 0) return name;
    Node arg = bindings.argumentFor(site, fn->paramIndex(name));
    bool plainName = is(arg, "identifier") || isSelfAttribute(arg, source);
    ok = ok && plainName;
    return std::string(textOf(arg, source));
  };
  // `self.fabric` means another object in `trainer.fit(model, optimizer)`:
  // the set-up stays in the method, which must then run once.
  bool selfCall = site.kind == CallSite::Method && is(site.receiver, "identifier") &&
                  textOf(site.receiver, source) == "self";
  if (p.fabric.rfind("self.", 0) == 0 && !selfCall) {
    if (insideLoop(site.call)) return std::nullopt;
    return p;
  }
  Placement caller{site.scope, site.call, translate(p.model), translate(p.optimizer),
                   translate(p.fabric)};
  if (!ok) return std::nullopt;
  return place(ctx, caller, depth + 1);
}

}  // namespace

std::optional<Fix> fixBackwardBeforeSetup(const FileContext& ctx, const Finding& finding) {
  const auto* match = finding.payloadAs<BackwardBeforeSetupMatch>();
  if (!match) return std::nullopt;
  const SourceFile& file = ctx.file;
  const Bindings& bindings = ctx.model.bindings();
  const FabricInstance& fabric = *finding.fabric;
  Node backward = match->backward;
  Node scope = bindings.scopeOf(backward);
  std::vector<Node> args = positionalArguments(field(backward, "arguments"));
  if (args.empty()) return std::nullopt;
  // A set-up that ran on some other way would run twice once ours is in.
  for (const SetupCall& s : ctx.model.setups())
    if (sameFabric(s.fabric, &fabric)) return std::nullopt;

  // A backward in a closure called once from its enclosing function is
  // fixed there, before that call: the model and optimizer live there.
  Node home = scope;
  Node use = backward;
  for (const FunctionInfo* fn = bindings.function(scope);
       fn && !isNull(enclosingFunction(fn->node)); fn = bindings.function(home)) {
    std::vector<const CallSite*> callers = bindings.callersOf(fn);
    if (callers.size() != 1 || !sameNode(callers[0]->scope, bindings.scopeOf(fn->node))) break;
    home = callers[0]->scope;
    use = callers[0]->call;
  }
  auto chosen = chooseModel(ctx, args[0], scope, startOf(backward), home, startOf(use));
  if (!chosen) return std::nullopt;
  // Every optimizer stepped after this backward is set up with the model.
  if (!onlyStepped(ctx, backward, scope, chosen->optimizer) ||
      (!sameNode(home, scope) && !onlyStepped(ctx, use, home, chosen->optimizer)))
    return std::nullopt;
  auto placed = place(ctx,
                      {home, use, chosen->model, chosen->optimizer,
                       std::string(textOf(match->fabric, file.text()))},
                      0);
  if (!placed) return std::nullopt;
  const Placement& p = *placed;

  // The set-up goes after everything it needs: the model, the optimizer, the
  // Fabric and its launch. An object the Fabric already wrapped
  // (`fabric.setup_optimizers(opt)`) cannot be set up again: that fix is a
  // person's (under DeepSpeed the two set-ups must become one).
  std::vector<Node> needed;
  for (const std::string& name : {p.model, p.optimizer})
    if (!name.empty())
      if (const Assignment* a = bindings.reaching(name, p.scope, startOf(p.use), false)) {
        MethodCall made;
        if (asMethodCall(a->value, file.text(), made) && made.method.rfind("setup", 0) == 0)
          return std::nullopt;
        needed.push_back(a->statement);
      }
  if (sameNode(fabric.scope, p.scope) && !isNull(fabric.statement))
    needed.push_back(fabric.statement);
  // `fabric = make_fabric(args)`: the name the set-up calls through.
  if (const Assignment* a = bindings.reaching(p.fabric, p.scope, startOf(p.use), false))
    needed.push_back(a->statement);
  // A helper handed the Fabric (`start(fabric)`) may be what launches it.
  walk(sameNode(p.scope, bindings.module()) ? p.scope : field(p.scope, "body"), [&](Node n) {
    if (!is(n, "call") || endOf(n) > startOf(p.use)) return true;
    MethodCall mc;
    bool launch = asMethodCall(n, file.text(), mc) && mc.method == "launch" &&
                  textOf(mc.receiver, file.text()) == p.fabric;
    // A scheduler built on the optimizer (`StepLR(optimizer)`) needs the raw
    // torch optimizer: DeepSpeed's set-up one is not a `torch.optim.Optimizer`.
    bool handedOver = false;
    for (Node arg : positionalArguments(field(n, "arguments"))) {
      std::string_view name = textOf(arg, file.text());
      handedOver = handedOver || name == p.fabric || (!p.optimizer.empty() && name == p.optimizer);
    }
    if (launch || handedOver) needed.push_back(n);
    return true;
  });
  Node after{};
  for (Node def : needed) {
    Node lifted = liftToBlockOf(def, p.use);
    if (isNull(lifted)) return std::nullopt;
    if (isNull(after) || startOf(lifted) > startOf(after)) after = lifted;
  }
  // A set-up run on every iteration would fail on the second.
  if (!isNull(after) && insideLoop(after)) return std::nullopt;

  std::string setup = p.optimizer.empty() ? fmt::format("{0} = {1}.setup({0})", p.model, p.fabric)
                                          : fmt::format("{0}, {1} = {2}.setup({0}, {1})", p.model,
                                                        p.optimizer, p.fabric);
  Fix fix;
  fix.message = fmt::format("Insert `{}`", setup);

  if (!fabric.launched) {
    // DeepSpeed's `setup` raises unless the Fabric was launched; the launch
    // goes where the Fabric is made, which must be this file.
    std::string target = launchTarget(ctx, fabric);
    if (target.empty()) return std::nullopt;
    std::string launch = target + ".launch()";
    fix.message = fmt::format("Insert `{}` and `{}`", launch, setup);
    // Under `fabric run` the processes exist already and launch() raises.
    fix.applicability = Applicability::Unsafe;
    if (sameNode(fabric.statement, after)) {
      // Both lines go right after the Fabric is made: one edit, in order.
      std::string indent(file.indentOf(file.lineOf(startOf(after))));
      setup = launch + std::string(file.eol()) + indent + setup;
    } else if (!addEdit(fix.edits, insertLineAfter(file, fabric.statement, launch))) {
      return std::nullopt;
    }
  }

  if (!isNull(after)) {
    if (!addEdit(fix.edits, insertLineAfter(file, after, setup))) return std::nullopt;
  } else {
    Node first = bindings.function(p.scope) ? firstStatementAfterDocstring(p.scope) : Node{};
    if (isNull(first) || !addEdit(fix.edits, insertLineBefore(file, first, setup)))
      return std::nullopt;
  }
  return fix;
}

}  // namespace lightfix
