// LF003 training-step-returns-none: a LightningModule's `training_step`
// that returns `None` (or can fall off its end) in automatic optimization,
// when the Trainer runs DeepSpeed.

#include <fmt/format.h>

#include "core/budgets.h"
#include "core/source_file.h"
#include "matchers/fabric_calls.h"
#include "matchers/training_step_returns_none.h"
#include "model/constant_fold.h"
#include "model/file_model.h"
#include "model/project_index.h"
#include "model/project_model.h"
#include "python/flow.h"
#include "python/node.h"
#include "rules/rule.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kTrainingStepReturnsNone{
    "LF003",
    "training-step-returns-none",
    "`training_step` returns `None` in automatic optimization under DeepSpeed",
    "Skipping backward by returning `None` from your `training_step` is not supported by "
    "`DeepSpeed`",
    {"training_step"}};

static bool returnsNone(Node ret) {
  std::vector<Node> values = namedChildren(ret);
  return values.empty() || (values.size() == 1 && is(values[0], "none"));
}

// `return loss if torch.isfinite(loss) else None`: the `None` branch of a
// conditional the return gives back (parentheses and nesting seen
// through), or null.
static Node noneBranchOf(Node ret) {
  std::vector<Node> values = namedChildren(ret);
  std::vector<Node> pending;
  if (values.size() == 1) pending.push_back(values[0]);
  while (!pending.empty()) {
    Node value = pending.back();
    pending.pop_back();
    if (is(value, "parenthesized_expression") && namedChildCount(value) == 1) {
      pending.push_back(namedChild(value, 0));
    } else if (is(value, "conditional_expression")) {
      for (Node branch : conditionalBranches(value)) {
        if (is(branch, "none")) return branch;
        pending.push_back(branch);
      }
    }
  }
  return Node{};
}

// `return loss` where a `loss = None` may have run before (`if
// torch.isnan(loss): loss = None`), on some path that nothing since
// rebound. A step that tests the name against None handles it itself.
static bool returnsNameThatMayBeNone(const FileModel& model, Node fn, Node ret) {
  std::string_view source = model.file().text();
  Node value = namedChild(ret, 0);
  if (!is(value, "identifier") || namedChildCount(ret) != 1) return false;
  std::string_view name = textOf(value, source);
  bool testsNone = false;
  forEachOwnNode(fn, [&](Node n) {
    if (!is(n, "comparison_operator") || namedChildCount(n) != 2) return;
    Node left = namedChild(n, 0);
    Node right = namedChild(n, 1);
    if ((textOf(left, source) == name && is(right, "none")) ||
        (textOf(right, source) == name && is(left, "none")))
      testsNone = true;
  });
  if (testsNone) return false;
  for (const Assignment* a : model.bindings().reachingName(value, fn).assignments)
    if (a->index < 0 && is(a->value, "none")) return true;
  return false;
}

// Whether a function can give back None: `return None`, a bare `return`,
// or falling off its end.
static bool mayReturnNone(Node fn, std::string_view source) {
  bool none = false;
  bool generator = false;
  forEachOwnNode(fn, [&](Node n) {
    if (is(n, "yield")) generator = true;
    if (is(n, "return_statement") && returnsNone(n)) none = true;
  });
  return !generator && (none || !alwaysExits(field(fn, "body"), source));
}

// The class `name` (as `model` spells it) stands for: the file defining it
// (this one, or another of the project's) and its name there; a null file
// when the name comes from outside the project.
static std::pair<const FileModel*, std::string> classNamed(const FileModel& model,
                                                           std::string_view name) {
  if (auto q = model.imports().qualifyName(name); q && model.index()) {
    auto sym = model.index()->symbol(model.file().path(), *q);
    if (!sym) return {nullptr, ""};
    return {sym->file, sym->name};
  }
  return {&model, std::string(name)};
}

// The method `method` of the class `name` (as this file spells it), defined
// here or in another project file: that file and its definition.
static std::pair<const FileModel*, Node> methodOfClass(const FileModel& model,
                                                       std::string_view name,
                                                       std::string_view method) {
  auto [file, local] = classNamed(model, name);
  const FunctionInfo* fn = file ? file->bindings().methodOfClass(local, method) : nullptr;
  return fn ? std::pair{file, fn->node} : std::pair<const FileModel*, Node>{nullptr, Node{}};
}

// Whether `file` defines a class `name` (at any depth).
static bool definesClass(const FileModel& file, const std::string& name) {
  bool found = false;
  walk(file.bindings().module(), [&](Node n) {
    if (is(n, "class_definition") && textOf(field(n, "name"), file.file().text()) == name)
      found = true;
    return !found;
  });
  return found;
}

// Whether the LightningModule `name` of `file` is `target` or derives from
// it through the project's classes.
static bool derivesFrom(const FileModel& file, const std::string& name, Node target, int depth) {
  const LightningModuleClass* cls = file.lightningModule(name);
  if (!cls || depth > kMaxBaseClasses) return false;
  if (sameNode(cls->node, target)) return true;
  std::string_view source = file.file().text();
  for (Node base : namedChildren(field(cls->node, "superclasses"))) {
    if (!is(base, "identifier")) continue;
    auto [baseFile, baseName] = classNamed(file, textOf(base, source));
    if (baseFile && derivesFrom(*baseFile, baseName, target, depth + 1)) return true;
  }
  return false;
}

// `self.task` that no method of the class assigns (a property whose setter
// the user calls, as pyannote's `model.task = Segmentation(...)`): the
// class of what the project assigns to `<obj>.task` outside a class, where
// `<obj>` is not known to be another class's instance (one of `cls` or a
// subclass, or of unknown origin). `method` of it, or {null, null}.
static std::pair<const FileModel*, Node> setFromOutside(const FileModel& model, Node cls,
                                                        Node receiver, std::string_view method) {
  std::string_view source = model.file().text();
  if (!is(receiver, "attribute") || textOf(field(receiver, "object"), source) != "self")
    return {nullptr, Node{}};
  std::string suffix = "." + std::string(textOf(field(receiver, "attribute"), source));
  std::vector<const FileModel*> files{&model};
  if (model.index()) files = model.index()->files();
  // The class constructed by the call `expr` (a plain name), or {null, ""}.
  auto constructed = [](const FileModel& file, const Origin& o) {
    if (o.kind != Origin::Expression || o.index >= 0 || !is(o.expr, "call") ||
        !is(field(o.expr, "function"), "identifier"))
      return std::pair<const FileModel*, std::string>{nullptr, ""};
    return classNamed(file, textOf(field(o.expr, "function"), file.file().text()));
  };
  for (const FileModel* file : files)
    for (const Assignment& a : file->bindings().assignments()) {
      if (a.target.size() <= suffix.size() || a.target.rfind("self.", 0) == 0 ||
          a.target.compare(a.target.size() - suffix.size(), suffix.size(), suffix) != 0 ||
          !is(a.targetNode, "attribute"))
        continue;
      // Skipped only when `<obj>` is known to be built by another project
      // class; a factory, `load_from_checkpoint(...)` or a parameter may
      // give the module.
      Origin owner = file->bindings().trace(field(a.targetNode, "object"), a.scope);
      auto [ownerFile, ownerClass] = constructed(*file, owner);
      if (ownerFile && definesClass(*ownerFile, ownerClass) &&
          !derivesFrom(*ownerFile, ownerClass, cls, 0))
        continue;
      auto [taskFile, taskClass] = constructed(*file, file->bindings().trace(a.value, a.scope));
      if (!taskFile) continue;
      const FunctionInfo* fn = taskFile->bindings().methodOfClass(taskClass, method);
      if (fn) return {taskFile, fn->node};
    }
  return {nullptr, Node{}};
}

// The function a delegating call runs: `self._step(batch)`, `shared(self,
// batch)` (of this file or another), `self.task.training_step(batch)` where
// `self.task = Task(...)`. Its file and definition, or {null, null}.
static std::pair<const FileModel*, Node> delegate(const FileModel& model, Node cls, Node step,
                                                  Node call) {
  std::string_view source = model.file().text();
  if (auto [file, fn] = model.functionCalled(call, FileModel::Runs::Direct); fn)
    return {file, fn->node};
  MethodCall mc;
  if (!asMethodCall(call, source, mc)) return {nullptr, Node{}};
  if (textOf(mc.receiver, source) == "self") return model.methodOfClass(cls, mc.method);
  Origin o = model.bindings().trace(mc.receiver, step);
  if (o.kind == Origin::Expression && o.index < 0 && is(o.expr, "call") &&
      is(field(o.expr, "function"), "identifier"))
    return methodOfClass(model, textOf(field(o.expr, "function"), source), mc.method);
  if (o.kind == Origin::Unknown) return setFromOutside(model, cls, mc.receiver, mc.method);
  return {nullptr, Node{}};
}

// `return self._step(batch)` where `_step` may give back None: the value
// Lightning sees is None on that path too. What to report, or nothing.
static std::optional<std::string> returnsNoneThroughHelper(const FileModel& model, Node cls,
                                                           Node step, Node ret) {
  Node value = namedChild(ret, 0);
  if (!is(value, "call")) return std::nullopt;
  auto [callee, fn] = delegate(model, cls, step, value);
  // Named: a lambda cannot capture a structured binding in C++17.
  const FileModel* file = callee;
  if (!file || sameNode(fn, step)) return std::nullopt;
  std::string_view source = file->file().text();
  if (!mayReturnNone(fn, source)) return std::nullopt;
  std::string name = fmt::format("`{}()`", textOf(field(value, "function"), model.file().text()));
  Node none{};
  forEachOwnNode(fn, [&](Node n) {
    if (isNull(none) && is(n, "return_statement") && returnsNone(n)) none = n;
  });
  auto at = [&](Node n) {
    unsigned row = file->file().position(startOf(n)).row;
    return file == &model ? fmt::format("line {}", row)
                          : fmt::format("{}:{}", file->file().path(), row);
  };
  if (isNull(none))
    return fmt::format(
        "`training_step` returns what {} returns, and {} ({}) can end without returning; "
        "skipping backward",
        name, name, at(fn));
  return fmt::format("`training_step` returns what {} returns, `None` at {}, skipping backward",
                     name, at(none));
}

// Whether `n` runs only in manual optimization: in the body of `if not
// self.automatic_optimization:`, or in the `else` of `if
// self.automatic_optimization:` (a step written for both modes).
static bool manualOnly(Node n, Node fn, std::string_view source) {
  for (Node child = n, at = parentOf(n); !isNull(at) && !sameNode(child, fn);
       child = at, at = parentOf(at)) {
    if (!is(at, "if_statement")) continue;
    Node condition = field(at, "condition");
    bool negated = is(condition, "not_operator");
    if (negated) condition = field(condition, "argument");
    if (textOf(condition, source) != "self.automatic_optimization") continue;
    bool inBody = sameNode(child, field(at, "consequence"));
    if (negated ? inBody : is(child, "else_clause")) return true;
  }
  return false;
}

// Whether `fn`, or a method of the class it calls on `self`, steps an
// optimizer itself (`self.manual_backward(loss)`, `self.optimizers()` then
// `.step()`): it returns None because it did the optimization, and a zero
// loss would make Lightning step again.
static bool stepsOptimizerItself(const FileModel& model, Node cls, Node fn, int depth) {
  std::string_view source = model.file().text();
  bool manualBackward = false;
  bool optimizers = false;
  bool steps = false;
  std::vector<Node> helpers;
  forEachOwnNode(fn, [&](Node n) {
    MethodCall mc;
    if (!asMethodCall(n, source, mc) || manualOnly(n, fn, source)) return;
    bool onSelf = textOf(mc.receiver, source) == "self";
    if (onSelf && mc.method == "manual_backward") manualBackward = true;
    if (onSelf && mc.method == "optimizers") optimizers = true;
    if (mc.method == "step" && positionalArguments(mc.arguments).empty()) steps = true;
    if (onSelf) helpers.push_back(n);
  });
  if (manualBackward || (optimizers && steps)) return true;
  if (depth >= kMaxDelegations) return false;
  for (Node call : helpers) {
    MethodCall mc;
    asMethodCall(call, source, mc);
    auto [file, method] = model.methodOfClass(cls, mc.method);
    if (file == &model && !sameNode(method, fn) &&
        stepsOptimizerItself(model, cls, method, depth + 1))
      return true;
  }
  return false;
}

void matchTrainingStepReturnsNone(const FileContext& ctx, std::vector<Finding>& out) {
  std::string_view source = ctx.file.text();
  for (const LightningModuleClass& cls : ctx.model.lightningModules()) {
    if (cls.manualOptimization) continue;
    Node step = methodDefinedIn(cls.node, "training_step", source);
    // `training_step(..., optimizer_idx)`: DeepSpeed refuses it before any
    // step (LF010), Lightning 2 in automatic optimization; the branch that
    // falls through for an index no optimizer has never runs.
    if (isNull(step) || takesOptimizerIndex(ctx.model, step)) continue;
    auto strategy = ctx.project.trainerStrategyFor(ctx.file.path(), cls.name, "training_step");
    if (!strategy) continue;

    bool generator = false;
    std::vector<Node> noneReturns;
    std::vector<std::pair<Node, Node>> noneBranches;            // the return, its branch
    std::vector<std::pair<Node, std::string>> indirectReturns;  // and what to say
    forEachOwnNode(step, [&](Node n) {
      if (is(n, "yield")) generator = true;
      if (!is(n, "return_statement")) return;
      // A branch the program's constants never take (`if DEBUG and ...:`
      // with `DEBUG = False`), or Lightning's call never takes (`if
      // save_mask:`, a parameter it leaves at `False`), returns nothing.
      FoldOptions lightningCall;
      lightningCall.lightningHook = step;
      if (branchesRun(n, step, ctx.model, lightningCall) == false) return;
      if (returnsNone(n))
        noneReturns.push_back(n);
      else if (Node none = noneBranchOf(n); !isNull(none))
        noneBranches.emplace_back(n, none);
      else if (auto why = returnsNoneThroughHelper(ctx.model, cls.node, step, n))
        indirectReturns.emplace_back(n, std::move(*why));
      else if (returnsNameThatMayBeNone(ctx.model, step, n))
        indirectReturns.emplace_back(n, "`training_step` returns `None`, skipping backward");
    });
    if (generator) continue;

    // Not a skip but manual optimization in disguise: a person's change.
    bool manual = stepsOptimizerItself(ctx.model, cls.node, step, 0);
    // `ret` is the `return` to replace, or null when control falls off the
    // end; `indirect`, a None that comes through a call.
    auto report = [&](Node node, uint32_t end, Node ret, std::string_view problem, bool indirect,
                      Node noneBranch = Node{}) {
      Finding f = sourceFinding(ctx, node, *strategy, problem);
      f.end = end;
      f.payload = TrainingStepReturnsNoneMatch{step, ret, noneBranch, manual, indirect};
      out.push_back(std::move(f));
    };
    if (manual) {
      const char* problem =
          "`training_step` steps its optimizer itself and returns `None`: it wants manual "
          "optimization (`self.automatic_optimization = False`)";
      for (Node ret : noneReturns) report(ret, endOf(ret), ret, problem, false);
      for (const auto& [ret, none] : noneBranches) report(ret, endOf(ret), ret, problem, false);
      for (const auto& indirect : indirectReturns)
        report(indirect.first, endOf(indirect.first), indirect.first, problem, false);
      if (!alwaysExits(field(step, "body"), source))
        report(step, endOf(field(step, "name")), Node{}, problem, false);
      continue;
    }
    for (Node ret : noneReturns)
      report(ret, endOf(ret), ret, "`training_step` returns `None`, skipping backward", false);
    for (const auto& [ret, none] : noneBranches)
      report(ret, endOf(ret), ret,
             "`training_step` returns `None` on one branch of a conditional, skipping backward",
             false, none);
    // Where the None comes from elsewhere, which value to return instead is
    // for a person to decide: no fix.
    for (const auto& [ret, problem] : indirectReturns) report(ret, endOf(ret), ret, problem, true);
    if (!alwaysExits(field(step, "body"), source)) {
      // Reported on `def training_step`, where the missing return belongs.
      report(step, endOf(field(step, "name")), Node{},
             "`training_step` can end without returning a loss", false);
    }
  }
}

}  // namespace lightfix
