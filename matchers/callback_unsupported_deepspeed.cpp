// LF020 callback-unsupported-deepspeed: a callback that refuses DeepSpeed
// (`BackboneFinetuning` and other `BaseFinetuning`s,
// `StochasticWeightAveraging`, `GradientAccumulationScheduler`) given to a
// Trainer whose strategy is DeepSpeed.

#include <fmt/format.h>

#include "core/source_file.h"
#include "matchers/deepspeed_targets.h"
#include "model/file_model.h"
#include "python/flow.h"
#include "python/node.h"
#include "python/syntax_tree.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kCallbackUnsupportedDeepspeed{
    "LF020",
    "callback-unsupported-deepspeed",
    "a callback that refuses DeepSpeed (finetuning, SWA, gradient accumulation scheduling)",
    "The Finetuning callback does not support running with the DeepSpeed strategy. Choose a "
    "different strategy or disable the callback.",
    {"Finetuning", "StochasticWeightAveraging", "GradientAccumulationScheduler"},
    {},
    // BaseFinetuning, StochasticWeightAveraging, GradientAccumulationScheduler.
    R"(The Finetuning callback does not support running with the DeepSpeed strategy|SWA does not currently support sharded models|The `[A-Za-z_]*DeepSpeed[A-Za-z_]*` does not support `accumulate_grad_batches` changing between epochs)",
    // What each callback's check raises, by the callback's class.
    {{"BaseFinetuning",
      "The Finetuning callback does not support running with the DeepSpeed strategy."},
     {"StochasticWeightAveraging", "SWA does not currently support sharded models."},
     {"GradientAccumulationScheduler",
      "The `DeepSpeedStrategy` does not support `accumulate_grad_batches` changing between "
      "epochs."}}};

namespace {

std::string_view leafOf(std::string_view q) {
  size_t dot = q.rfind('.');
  return dot == std::string_view::npos ? q : q.substr(dot + 1);
}

// A class of this file deriving from Lightning's `BaseFinetuning` that keeps
// its `setup` (where the check is).
bool isFinetuningSubclass(const FileContext& ctx, std::string_view name) {
  std::string_view source = ctx.file.text();
  bool found = false;
  for (TSNode cls : namedChildren(ctx.tree.root())) {
    if (!is(cls, "class_definition") || textOf(field(cls, "name"), source) != name) continue;
    for (TSNode base : namedChildren(field(cls, "superclasses"))) {
      auto q = ctx.model.imports().qualify(base, source);
      if (q && leafOf(*q) == "BaseFinetuning" && lightningSideOf(*q) == LightningSide::Trainer)
        found = true;
    }
    for (const FunctionInfo* fn : ctx.model.bindings().methodsOf(cls))
      if (fn->name == "setup") found = false;
  }
  return found;
}

// The Lightning callback class whose check a construction runs into under
// DeepSpeed (its quote's name), or empty.
std::string_view refusalOf(const FileContext& ctx, TSNode call) {
  if (!is(call, "call")) return {};
  std::string_view source = ctx.file.text();
  TSNode callee = field(call, "function");
  if (auto q = ctx.model.imports().qualify(callee, source);
      q && lightningSideOf(*q) == LightningSide::Trainer) {
    std::string_view leaf = leafOf(*q);
    if (leaf == "BackboneFinetuning") return "BaseFinetuning";
    // Literals: `leaf` points into `q`, gone on return.
    if (leaf == "StochasticWeightAveraging") return "StochasticWeightAveraging";
    if (leaf == "GradientAccumulationScheduler") return "GradientAccumulationScheduler";
    return {};
  }
  if (is(callee, "identifier") && isFinetuningSubclass(ctx, textOf(callee, source)))
    return "BaseFinetuning";
  return {};
}

// The expression a name holds when it is bound once in plain code, else n.
TSNode made(const FileContext& ctx, TSNode n) {
  if (!is(n, "identifier")) return n;
  Origin o = ctx.model.bindings().trace(n, ctx.model.bindings().scopeOf(n));
  return o.kind == Origin::Expression && o.index < 0 ? o.expr : TSNode{};
}

// An entry of the callbacks a Trainer gets; `always` when it is there
// whenever the Trainer is made.
struct CallbackEntry {
  TSNode item{};
  bool always = true;
};

// What `name.append(x)`, `name.extend([...])` and `name += [...]` add to the
// list a name holds before `point`, in the scope that makes `point`.
std::vector<CallbackEntry> addedBefore(const FileContext& ctx, TSNode name, TSNode point) {
  std::string_view source = ctx.file.text();
  std::string_view list = textOf(name, source);
  TSNode scope = ctx.model.bindings().scopeOf(point);
  std::vector<CallbackEntry> out;
  auto add = [&](TSNode site, const std::vector<TSNode>& items) {
    bool always = runsBefore(site, point);
    for (TSNode item : items) out.push_back({item, always});
  };
  walk(scope, [&](TSNode n) {
    if (startOf(n) >= startOf(point)) return false;
    if (!sameNode(n, scope) &&
        (is(n, "function_definition") || is(n, "class_definition") || is(n, "lambda")))
      return false;
    MethodCall mc;
    if (asMethodCall(n, source, mc) && textOf(mc.receiver, source) == list) {
      std::vector<TSNode> args = positionalArguments(mc.arguments);
      if (mc.method == "append" && args.size() == 1) add(n, args);
      if (mc.method == "extend" && args.size() == 1 &&
          (is(args[0], "list") || is(args[0], "tuple")))
        add(n, namedChildren(args[0]));
    }
    if (is(n, "augmented_assignment") && textOf(field(n, "left"), source) == list &&
        textOf(field(n, "operator"), source) == "+=" && is(field(n, "right"), "list"))
      add(n, namedChildren(field(n, "right")));
    return true;
  });
  return out;
}

// The callbacks a Trainer gets: a list or tuple written in place or bound
// once to a name (with what is added to that name before the Trainer is
// made), or a single callback.
std::vector<CallbackEntry> callbacksOf(const FileContext& ctx, const TrainerInstance& t) {
  TSNode argument =
      keywordArgument(field(t.construction, "arguments"), "callbacks", ctx.file.text());
  TSNode callbacks = made(ctx, argument);
  if (isNull(callbacks)) return {};
  if (!is(callbacks, "list") && !is(callbacks, "tuple")) return {{callbacks, true}};
  std::vector<CallbackEntry> entries;
  for (TSNode item : namedChildren(callbacks)) entries.push_back({item, true});
  if (is(argument, "identifier") && is(callbacks, "list"))
    for (const CallbackEntry& added : addedBefore(ctx, argument, t.construction))
      entries.push_back(added);
  return entries;
}

}  // namespace

void matchCallbackUnsupportedDeepspeed(const FileContext& ctx, std::vector<Finding>& out) {
  std::string_view source = ctx.file.text();
  for (const TrainerInstance& t : ctx.model.trainers()) {
    if (!t.strategy.deepSpeed()) continue;
    for (const CallbackEntry& entry : callbacksOf(ctx, t)) {
      TSNode call = made(ctx, entry.item);
      std::string_view refusal = refusalOf(ctx, call);
      if (refusal.empty()) continue;
      std::string name(textOf(field(call, "function"), source));
      Finding f = trainerFinding(ctx, call, t,
                                 fmt::format("`{}` callback under DeepSpeed{}", name,
                                             entry.always ? "" : ", added on some runs"),
                                 ctx.rule.quoted(refusal));
      // Added on some runs only: as sure as a strategy some runs pick.
      if (!entry.always) f.severity = Severity::Warning;
      out.push_back(std::move(f));
    }
  }
}

}  // namespace lightfix
