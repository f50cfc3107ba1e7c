// LF008 fix: move `opt_x.step()` up to right after its own model's
// `fabric.backward(..., model=x)`, so DeepSpeed steps x's engine.
//
// Offered only where autograd stays valid: stepping x updates its weights in
// place, so no statement moved over may backpropagate through a tensor x
// computed before the step. Every name those statements read must be made
// after the new place of the step, or come from values that never went
// through x (the taint below). Unsafe: what is computed after the step now
// sees x's new weights, and x's step no longer includes the gradients later
// losses gave it.

#include <set>

#include "edit/insertion.h"
#include "fixers/line_edits.h"
#include "model/file_model.h"
#include "python/node.h"
#include "python/source_file.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

// The identifiers `n` reads (all of them: callee, receivers, arguments).
std::set<std::string> namesRead(TSNode n, std::string_view source) {
  std::set<std::string> names;
  walk(n, [&](TSNode c) {
    // `self.discriminator` as a whole too: models are often attributes.
    if (is(c, "identifier") || is(c, "attribute")) names.insert(std::string(textOf(c, source)));
    return true;
  });
  return names;
}

// The plain names an assignment statement binds; empty for anything else.
std::vector<std::string> namesBound(TSNode statement, std::string_view source) {
  std::vector<std::string> names;
  if (!is(statement, "expression_statement") || ts_node_named_child_count(statement) != 1)
    return names;
  TSNode assignment = ts_node_named_child(statement, 0);
  if (!is(assignment, "assignment") && !is(assignment, "augmented_assignment")) return names;
  walk(field(assignment, "left"), [&](TSNode c) {
    if (is(c, "identifier")) names.push_back(std::string(textOf(c, source)));
    return !is(c, "attribute") && !is(c, "subscript");
  });
  return names;
}

bool mentionsAny(const std::set<std::string>& read, const std::set<std::string>& names) {
  for (const std::string& n : read)
    if (names.count(n)) return true;
  return false;
}

}  // namespace

std::optional<Fix> fixOptimizerStepsWrongEngine(const FileContext& ctx, const Finding& finding) {
  std::string_view source = ctx.file.text();
  TSNode stepStatement = finding.node("statement");
  TSNode optimizer = finding.node("optimizer");
  if (isNull(stepStatement) || isNull(optimizer)) return std::nullopt;
  TSNode scope = ctx.model.bindings().scopeOf(stepStatement);
  int slot = -1;
  const SetupCall* stepped = ctx.model.setupResultOf(optimizer, scope, slot);
  if (!stepped) return std::nullopt;

  // Its own backward: the nearest `fabric.backward(..., model=x)` before the
  // step in the same block, x being the model set up with this optimizer.
  TSNode own{};
  std::vector<TSNode> movedOver;
  for (TSNode s = ts_node_prev_named_sibling(stepStatement); !isNull(s);
       s = ts_node_prev_named_sibling(s)) {
    MethodCall mc;
    if (is(s, "expression_statement") && ts_node_named_child_count(s) == 1 &&
        asMethodCall(ts_node_named_child(s, 0), source, mc) && mc.method == "backward") {
      TSNode model = keywordArgument(mc.arguments, "model", source);
      int modelSlot = -1;
      if (!isNull(model) && ctx.model.setupResultOf(model, scope, modelSlot) == stepped &&
          modelSlot == 0) {
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

  // What went through the model before the step: names bound, earlier in
  // the block, from an expression reading the model or such a name.
  std::set<std::string> tainted = modelNames;
  std::set<std::string> madeAfter;
  {
    std::vector<TSNode> before;
    for (TSNode s = ts_node_prev_named_sibling(own); !isNull(s); s = ts_node_prev_named_sibling(s))
      before.insert(before.begin(), s);
    for (TSNode s : before)
      if (mentionsAny(namesRead(s, source), tainted))
        for (const std::string& n : namesBound(s, source)) tainted.insert(n);
    for (const std::string& n : modelNames) tainted.erase(n);  // calling x after the step is fine
  }
  for (TSNode s : movedOver) {
    if (is(s, "comment")) continue;
    std::set<std::string> read = namesRead(s, source);
    // A helper of the file may do anything; the optimizer itself must not
    // be touched between (a zero_grad there would change the step).
    bool callsOwnCode = false;
    walk(s, [&](TSNode c) {
      if (is(c, "call") && ctx.model.bindings().calledFunction(c)) callsOwnCode = true;
      return !callsOwnCode;
    });
    if (callsOwnCode || read.count(optimizerName)) return std::nullopt;
    for (const std::string& n : read)
      if (tainted.count(n) && !madeAfter.count(n)) return std::nullopt;
    // Control flow between would make "right after" a different path.
    if (!is(s, "expression_statement")) return std::nullopt;
    for (const std::string& n : namesBound(s, source)) madeAfter.insert(n);
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
