// LF008 fix: move `opt_x.step()` up to right after its own model's
// `fabric.backward(..., model=x)`, so DeepSpeed steps x's engine.
//
// Offered only where autograd stays valid: stepping x updates its weights in
// place, so no statement moved over may backpropagate through a tensor x
// computed before the new place of the step. Every name those statements
// read (in the helpers of the file they call too) must be bound again after
// that place, or never hold a value that went through x anywhere in the
// function (the taint below: flow-insensitive, so a loop's previous
// iteration counts). Nothing moved over may touch the optimizer or leave
// the block early. Unsafe: what is computed after the step now sees x's
// new weights, and x's step no longer includes the gradients later losses
// gave it.

#include <set>

#include "core/source_file.h"
#include "edit/insertion.h"
#include "fixers/line_edits.h"
#include "matchers/optimizer_steps_wrong_engine.h"
#include "model/file_model.h"
#include "model/statement_effects.h"
#include "python/node.h"
#include "python/syntax_tree.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

// The names a binding target binds: `a`, `a, b`, `self.a` (as a whole),
// and the container of `a[i]`.
void addTargets(Node target, std::string_view source, std::set<std::string>& out) {
  walk(target, [&](Node c) {
    if (is(c, "identifier") || is(c, "attribute")) {
      out.insert(std::string(textOf(c, source)));
      return false;
    }
    if (is(c, "subscript")) {
      addTargets(field(c, "value"), source, out);
      return false;
    }
    return true;
  });
}

// The names an unconditional statement binds anew: the names and
// attributes an assignment statement targets (`x[i] = v` changes `x`, it
// does not replace it); empty for anything else.
std::set<std::string> namesBound(Node statement, std::string_view source) {
  std::set<std::string> names;
  if (!is(statement, "expression_statement") || namedChildCount(statement) != 1) return names;
  Node assignment = namedChild(statement, 0);
  if (!is(assignment, "assignment") && !is(assignment, "augmented_assignment")) return names;
  walk(field(assignment, "left"), [&](Node c) {
    if (is(c, "subscript")) return false;
    if (is(c, "identifier") || is(c, "attribute")) {
      names.insert(std::string(textOf(c, source)));
      return false;
    }
    return true;
  });
  return names;
}

bool mentionsAny(const std::set<std::string>& read, const std::set<std::string>& names) {
  for (const std::string& n : read)
    if (names.count(n)) return true;
  return false;
}

bool isMutatingMethod(std::string_view method) {
  return method == "append" || method == "extend" || method == "insert" || method == "update" ||
         method == "add" || method == "setdefault" || method == "appendleft";
}

// Whether `n` runs under `with torch.no_grad():` (or `inference_mode`)
// inside `scope`: what it computes holds no graph.
bool underNoGrad(Node n, Node scope, std::string_view source) {
  for (Node p = parentOf(n); !isNull(p) && !sameNode(p, scope); p = parentOf(p)) {
    if (!is(p, "with_statement")) continue;
    Node clause = namedChild(p, 0);
    for (Node item : namedChildren(clause)) {
      Node value = field(item, "value");
      if (is(value, "as_pattern")) value = namedChild(value, 0);
      if (is(value, "call")) value = field(value, "function");
      std::string_view name = textOf(value, source);
      if (name == "torch.no_grad" || name == "no_grad" || name == "torch.inference_mode" ||
          name == "inference_mode")
        return true;
    }
  }
  return false;
}

// Whether `value`, computed under `no_grad`, is a new tensor without a
// graph: an operator, or a call that is not the file's own helper nor a
// builtin that hands its argument back (`list(pair)` keeps pair's graph).
bool computesWithoutGraph(Node value, const FileModel& model, std::string_view source) {
  if (is(value, "binary_operator") || is(value, "unary_operator")) return true;
  if (!is(value, "call") || model.bindings().functionRunBy(value)) return false;
  std::string_view callee = textOf(field(value, "function"), source);
  for (const char* passesOn :
       {"list", "tuple", "dict", "set", "iter", "next", "getattr", "reversed", "sorted", "zip",
        "enumerate", "map", "filter", "max", "min"})
    if (callee == passesOn) return false;
  return true;
}

// The names in `scope` that may hold a value computed through the model:
// bound (anywhere in the function, in any order) from an expression that
// reads the model or such a name, in the file's helpers it calls too, or
// filled with one (`outs.append(y)`); not from a detached value or one
// computed anew under `no_grad`.
std::set<std::string> taintedNames(Node scope, const std::set<std::string>& modelNames,
                                   const FileModel& model, std::string_view source) {
  std::set<std::string> sources = modelNames;
  for (bool grew = true; grew;) {
    size_t before = sources.size();
    walk(scope, [&](Node n) {
      Node target{};
      Node value{};
      bool assigned = false;  // by `=`, `+=` or `:=`, not an alias by a loop or `as`
      if (is(n, "assignment") || is(n, "augmented_assignment") || is(n, "for_statement") ||
          is(n, "for_in_clause")) {
        target = field(n, "left");
        value = field(n, "right");
        assigned = !is(n, "for_statement") && !is(n, "for_in_clause");
      } else if (is(n, "named_expression")) {
        target = field(n, "name");
        value = field(n, "value");
        assigned = true;
      } else if (is(n, "as_pattern")) {
        target = field(n, "alias");
        value = namedChild(n, 0);
      } else {
        MethodCall mc;
        if (is(n, "call") && asMethodCall(n, source, mc) && isMutatingMethod(mc.method)) {
          target = mc.receiver;
          value = mc.arguments;
        }
      }
      if (isNull(target) || isNull(value) || isGraphFree(value, source) ||
          (assigned && underNoGrad(n, scope, source) && computesWithoutGraph(value, model, source)))
        return true;
      if (mentionsAny(effectsOf(value, model, source).read, sources))
        addTargets(target, source, sources);
      return true;
    });
    grew = sources.size() > before;
  }
  // Calling the model itself after its step is fine: a new graph.
  for (const std::string& n : modelNames) sources.erase(n);
  return sources;
}

bool movable(Node statement) {
  return is(statement, "expression_statement") || is(statement, "pass_statement") ||
         is(statement, "if_statement") || is(statement, "for_statement") ||
         is(statement, "while_statement") || is(statement, "with_statement");
}

}  // namespace

std::optional<Fix> fixOptimizerStepsWrongEngine(const FileContext& ctx, const Finding& finding) {
  const auto* match = finding.payloadAs<OptimizerStepsWrongEngineMatch>();
  if (!match) return std::nullopt;
  std::string_view source = ctx.file.text();
  Node stepStatement = match->statement;
  Node optimizer = match->optimizer;
  if (isNull(stepStatement) || isNull(optimizer)) return std::nullopt;
  Node scope = ctx.model.bindings().scopeOf(stepStatement);
  std::optional<SetupResult> result = ctx.model.setupResultOf(optimizer, scope);
  if (!result) return std::nullopt;
  const SetupCall* stepped = result->setup;

  // Its own backward: the nearest `fabric.backward(..., model=x)` before the
  // step in the same block, x being the model set up with this optimizer.
  Node own{};
  std::vector<Node> movedOver;
  for (Node s = previousNamedSibling(stepStatement); !isNull(s); s = previousNamedSibling(s)) {
    MethodCall mc;
    if (is(s, "expression_statement") && namedChildCount(s) == 1 &&
        asMethodCall(namedChild(s, 0), source, mc) && mc.method == "backward") {
      Node model = keywordArgument(mc.arguments, "model", source);
      if (!isNull(model) && ctx.model.setupOfModel(model, scope) == stepped) {
        own = s;
        break;
      }
    }
    movedOver.insert(movedOver.begin(), s);
  }
  if (isNull(own) || movedOver.empty()) return std::nullopt;
  std::string optimizerName(textOf(optimizer, source));
  // The set-up model's name (the first target; the others are its
  // optimizers), and the raw module's when that is another.
  std::set<std::string> modelNames;
  if (!stepped->targets.empty() && !isNull(stepped->targets[0]))
    modelNames.insert(std::string(textOf(stepped->targets[0], source)));
  if (!stepped->arguments.empty() &&
      (is(stepped->arguments[0], "identifier") || is(stepped->arguments[0], "attribute")))
    modelNames.insert(std::string(textOf(stepped->arguments[0], source)));
  if (modelNames.empty()) return std::nullopt;

  std::set<std::string> tainted =
      taintedNames(ctx.model.bindings().scopeOf(stepStatement), modelNames, ctx.model, source);
  // Names bound again, on every path, after the new place of the step.
  std::set<std::string> madeAfter;
  for (Node s : movedOver) {
    if (is(s, "comment")) continue;
    if (!movable(s)) return std::nullopt;
    StatementEffects effects = effectsOf(s, ctx.model, source);
    if (effects.unknown || effects.leavesEarly || effects.touchesOptimizer ||
        effects.read.count(optimizerName))
      return std::nullopt;
    std::set<std::string> bound = namesBound(s, source);
    Node assignment = namedChild(s, 0);
    if (is(assignment, "assignment")) {  // `x = ...` binds x, it does not read it
      std::set<std::string> right = namesRead(field(assignment, "right"), source);
      for (const std::string& n : bound)
        if (!right.count(n)) effects.read.erase(n);
    }
    for (const std::string& n : effects.read)
      if (tainted.count(n) && !madeAfter.count(n)) return std::nullopt;
    madeAfter.insert(bound.begin(), bound.end());
  }

  auto removal = deleteStatementLines(ctx.file, stepStatement);
  if (!removal) return std::nullopt;
  Fix fix;
  fix.message = "Move `" + std::string(textOf(stepStatement, source)) +
                "` to right after its own model's backward";
  fix.applicability = Applicability::Unsafe;
  if (!addEdit(fix.edits,
               insertLineAfter(ctx.file, own, std::string(textOf(stepStatement, source)))) ||
      !addEdit(fix.edits, *removal))
    return std::nullopt;
  return fix;
}

}  // namespace lightfix
