// LF020 callback-unsupported-deepspeed: a callback that refuses DeepSpeed
// (`BackboneFinetuning` and other `BaseFinetuning`s,
// `StochasticWeightAveraging`, `GradientAccumulationScheduler`) given to a
// Trainer whose strategy is DeepSpeed.

#include <fmt/format.h>

#include <optional>
#include <tuple>

#include "core/budgets.h"
#include "core/source_file.h"
#include "matchers/deepspeed_targets.h"
#include "model/construction_arguments.h"
#include "model/file_model.h"
#include "model/project_classes.h"
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
    // `callbacks`: a helper, maybe of another file, may make the list.
    {"Finetuning", "StochasticWeightAveraging", "GradientAccumulationScheduler", "callbacks"},
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

// Lightning's `BaseFinetuning`, which a project class derives from unless a
// class on the way replaces the `setup` where the check is.
const SoughtBase& finetuningBase() {
  static const SoughtBase sought{[](std::string_view q) {
                                   return leafOf(q) == "BaseFinetuning" &&
                                          lightningSideOf(std::string(q)) == LightningSide::Trainer;
                                 },
                                 [](const FileModel& file, Node cls) {
                                   for (const FunctionInfo* fn : file.bindings().methodsOf(cls))
                                     if (fn->name == "setup") return true;
                                   return false;
                                 }};
  return sought;
}

// The Lightning callback class whose check a construction (in `model`'s
// file) runs into under DeepSpeed (its quote's name), or empty.
std::string_view refusalOf(const FileModel& model, Node call) {
  if (!is(call, "call")) return {};
  std::string_view source = model.file().text();
  Node callee = field(call, "function");
  if (auto q = model.imports().qualify(callee, source);
      q && lightningSideOf(*q) == LightningSide::Trainer) {
    std::string_view leaf = leafOf(*q);
    if (leaf == "BackboneFinetuning") return "BaseFinetuning";
    // Literals: `leaf` points into `q`, gone on return.
    if (leaf == "StochasticWeightAveraging") return "StochasticWeightAveraging";
    if (leaf == "GradientAccumulationScheduler") return "GradientAccumulationScheduler";
    return {};
  }
  if (derivesFromSought(model, callee, finetuningBase())) return "BaseFinetuning";
  return {};
}

// The expression a name (or `self.name`, which any method of the class may
// bind) holds when it is bound once in plain code, else n.
Node made(const FileModel& model, Node n) {
  if (!is(n, "identifier") && !isSelfAttribute(n, model.file().text())) return n;
  Origin o = model.bindings().trace(n, model.bindings().scopeOf(n));
  return o.kind == Origin::Expression && o.index < 0 ? o.expr : Node{};
}

// An entry of the callbacks a Trainer gets, in `model`'s file (another
// file's when a helper there makes the list); `always` when it is there
// whenever the Trainer is made.
struct CallbackEntry {
  Node item{};
  bool always = true;
  const FileModel* model = nullptr;
  Node given{};  // the value in the Trainer's file that brings it
};

// What `list.append(x)`, `list.extend([...])` and `list += [...]` add to
// the list `holder` names (`callbacks`, `kwargs["callbacks"]`): before
// `point` in the scope that makes `point`, or anywhere in the holder's own
// scope when `point` is in another (`__init__` fills a list the Trainer of
// another method gets). A list on `self` may grow in any method of the
// class: on some runs, where that method is neither of those.
std::vector<CallbackEntry> addedBefore(const FileModel& model, Node holder, Node point) {
  std::string_view source = model.file().text();
  const Bindings& bindings = model.bindings();
  std::string_view list = textOf(holder, source);
  Node pointScope = bindings.scopeOf(point);
  Node holderScope = bindings.scopeOf(holder);
  std::vector<Node> scopes{sameNode(holderScope, pointScope) ? pointScope : holderScope};
  if (isSelfAttribute(holder, source))
    if (const FunctionInfo* fn = bindings.function(holderScope); fn && !isNull(fn->ownerClass))
      for (const FunctionInfo* method : bindings.methodsOf(fn->ownerClass))
        if (!sameNode(method->node, scopes[0])) scopes.push_back(method->node);
  std::vector<CallbackEntry> out;
  for (Node scope : scopes) {
    bool here = sameNode(scope, pointScope);
    bool own = sameNode(scope, holderScope);
    auto add = [&](Node site, const std::vector<Node>& items) {
      bool always = here ? runsBefore(site, point) : own && runsWhenever(site, scope);
      for (Node item : items) out.push_back({item, always, &model});
    };
    walk(scope, [&](Node n) {
      if (here && startOf(n) >= startOf(point)) return false;
      if (!sameNode(n, scope) &&
          (is(n, "function_definition") || is(n, "class_definition") || is(n, "lambda")))
        return false;
      MethodCall mc;
      if (asMethodCall(n, source, mc) && textOf(mc.receiver, source) == list) {
        std::vector<Node> args = positionalArguments(mc.arguments);
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
  }
  return out;
}

// What names the list literal `list` once it is made: a name it is bound to
// (`value`, when that is one), or the subscript or attribute of `self` it is
// stored in (`kwargs["callbacks"] = []`, `self.callbacks = []`, maybe in
// another method); else null.
Node holderOf(Node value, Node list, std::string_view source) {
  if (is(value, "identifier")) return value;
  Node assignment = parentOf(list);
  Node left = field(assignment, "left");
  if (is(assignment, "assignment") && sameNode(field(assignment, "right"), list) &&
      (is(left, "subscript") || isSelfAttribute(left, source)))
    return left;
  return Node{};
}

// The entries of the list `value` holds at `point` (in `model`'s file): a
// list or tuple written there, or bound once to a name or a subscript, with
// what is added to it before `point`; a single callback otherwise.
std::vector<CallbackEntry> listedAt(const FileModel& model, Node value, Node point) {
  Node list = made(model, value);
  if (isNull(list)) return {};
  if (!is(list, "list") && !is(list, "tuple")) return {{list, true, &model}};
  std::vector<CallbackEntry> entries;
  for (Node item : namedChildren(list)) entries.push_back({item, true, &model});
  Node holder = is(list, "list") ? holderOf(value, list, model.file().text()) : Node{};
  if (!isNull(holder))
    for (const CallbackEntry& added : addedBefore(model, holder, point)) entries.push_back(added);
  return entries;
}

// The callbacks a `callbacks=` value gives: as listedAt() reads them, or
// those a helper of the project returns (`callbacks=get_callbacks(cfg)`), each of its
// returns read the same way (on some runs only, when it has several).
std::vector<CallbackEntry> callbacksGiven(const FileModel& model, Node argument, Node point) {
  Node callbacks = made(model, argument);
  if (!is(callbacks, "call")) return listedAt(model, argument, point);
  FileModel::Returns helper = model.returnsOfCalled(callbacks, FileModel::Runs::Any);
  if (!helper.function) return listedAt(model, argument, point);
  std::vector<CallbackEntry> entries;
  for (Node value : helper.values)
    for (CallbackEntry& entry : listedAt(*helper.file, value, parentOf(value))) {
      entry.always = entry.always && helper.values.size() == 1;
      entries.push_back(entry);
    }
  return entries;
}

// The callbacks a Trainer gets, as callbacksGiven() reads them: written in
// its call, carried by its `**kwargs` dict (`Trainer(**trainer_args)` with
// `"callbacks": callbacks`), each way the dict is built (on some runs only,
// when there are several), or an argparse default it is made from.
std::vector<CallbackEntry> callbacksOf(const FileContext& ctx, const TrainerInstance& t) {
  KeyValues given = constructionKeyword(t.construction, "callbacks", ctx.model);
  std::vector<CallbackEntry> entries;
  for (const KeyValue& v : given.values) {
    if (isNull(v.node) || v.model != &ctx.model) continue;
    for (CallbackEntry& entry : callbacksGiven(ctx.model, v.node, t.construction)) {
      entry.always = entry.always && given.complete && given.values.size() == 1;
      entry.given = v.node;
      entries.push_back(entry);
    }
  }
  return entries;
}

}  // namespace

void matchCallbackUnsupportedDeepspeed(const FileContext& ctx, std::vector<Finding>& out) {
  for (const TrainerInstance& t : ctx.model.trainers()) {
    if (!t.strategy.deepSpeed()) continue;
    for (const CallbackEntry& entry : callbacksOf(ctx, t)) {
      const FileModel& model = *entry.model;
      Node call = made(model, entry.item);
      std::string_view refusal = refusalOf(model, call);
      if (refusal.empty()) continue;
      std::string name(textOf(field(call, "function"), model.file().text()));
      // One made in another file is reported at the value that brings it here.
      Node at = call;
      std::string where;
      if (&model != &ctx.model) {
        at = entry.given;
        where = fmt::format(" (made at {}:{})", model.file().path(),
                            model.file().position(startOf(call)).row);
      }
      Finding f = trainerFinding(ctx, at, t,
                                 fmt::format("`{}` callback{} under DeepSpeed{}", name, where,
                                             entry.always ? "" : ", added on some runs"),
                                 ctx.rule.quoted(refusal));
      // Added on some runs only: as sure as a strategy some runs pick.
      if (!entry.always) f.severity = Severity::Warning;
      out.push_back(std::move(f));
    }
  }
}

}  // namespace lightfix
