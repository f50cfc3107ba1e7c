// LF004 setup-not-joint: merge `model = fabric.setup_module(model)` and a
// later `optimizer = fabric.setup_optimizers(optimizer)` of the same block
// into `model, optimizer = fabric.setup(model, optimizer)` where the second
// stood. The model is the one whose parameters the optimizer was built from,
// shown by data flow, whichever was set up last. Only when the model's set-up
// name is used in between for nothing but `.parameters()` (the optimizer is
// built from them): the raw module has the same parameters, and anything else
// would now see the raw module.

#include <fmt/format.h>

#include "core/source_file.h"
#include "edit/insertion.h"
#include "fixers/line_edits.h"
#include "matchers/data_flow.h"
#include "matchers/setup_not_joint.h"
#include "model/file_model.h"
#include "python/node.h"
#include "python/syntax_tree.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

bool hasKeywords(Node arguments) {
  for (Node a : namedChildren(arguments))
    if (is(a, "keyword_argument")) return true;
  return hasSplat(arguments);
}

// The set-up on `fabric`, in `block` before `before`, of the model alone
// whose parameters `built` (the optimizers' constructions) all read; null
// when no such set-up, or more than one, is there.
const SetupCall* moduleSetupOf(const FileContext& ctx, const FabricInstance* fabric, Node block,
                               uint32_t before, const std::vector<Node>& built) {
  std::string_view source = ctx.file.text();
  const SetupCall* found = nullptr;
  for (const SetupCall& s : ctx.model.setups()) {
    if (!sameFabric(s.fabric, fabric) || startOf(s.call) >= before) continue;
    if (s.targets.size() != 1 || s.arguments.size() != 1) continue;
    bool feedsAll = true;
    for (Node call : built)
      feedsAll = feedsAll && (buildsFrom(call, textOf(s.targets[0], source), source) ||
                              buildsFrom(call, textOf(s.arguments[0], source), source));
    if (!feedsAll) continue;
    if (found) return nullptr;
    found = &s;
  }
  if (!found || !sameNode(parentOf(found->statement), block)) return nullptr;
  Node assignment = parentOf(found->call);
  if (!is(assignment, "assignment") || !sameNode(field(assignment, "right"), found->call))
    return nullptr;
  if (hasKeywords(field(found->call, "arguments"))) return nullptr;
  return found;
}

// Whether every use of `name` in [from, to) is `name.parameters()` or
// `name.named_parameters()`.
bool onlyParametersUsed(const FileContext& ctx, Node block, uint32_t from, uint32_t to,
                        std::string_view name) {
  std::string_view source = ctx.file.text();
  bool ok = true;
  walk(block, [&](Node n) {
    if (!ok || endOf(n) <= from || startOf(n) >= to) return false;
    if (!(is(n, "identifier") || is(n, "attribute")) || textOf(n, source) != name) return true;
    Node parent = parentOf(n);
    // `x.name`: another object's attribute, not this name.
    if (is(parent, "attribute") && sameNode(field(parent, "attribute"), n)) return true;
    std::string_view method = textOf(field(parent, "attribute"), source);
    ok = is(parent, "attribute") && sameNode(field(parent, "object"), n) &&
         (method == "parameters" || method == "named_parameters") && is(parentOf(parent), "call");
    return false;
  });
  return ok;
}

// Whether a learning-rate scheduler is built from `name` after `after`
// (`LambdaLR(optimizer, ...)`, `get_cosine_schedule_with_warmup(optimizer)`).
// Once set up jointly under DeepSpeed's ZeRO, the optimizer is DeepSpeed's,
// no `torch.optim.Optimizer`, and torch's scheduler refuses it: the fix would
// move the crash, not end it.
bool schedulerBuiltFrom(const FileContext& ctx, Node within, uint32_t after,
                        std::string_view name) {
  std::string_view source = ctx.file.text();
  bool found = false;
  walkCalls(within, [&](Node call) {
    if (found || startOf(call) < after) return;
    std::string_view callee = textOf(field(call, "function"), source);
    callee = callee.substr(callee.rfind('.') + 1);
    bool scheduler = (callee.size() > 2 && callee.substr(callee.size() - 2) == "LR") ||
                     callee.find("chedul") != std::string_view::npos;
    if (!scheduler) return;
    for (Node argument : namedChildren(field(call, "arguments"))) {
      if (is(argument, "keyword_argument")) argument = field(argument, "value");
      if (textOf(argument, source) == name) found = true;
    }
  });
  return found;
}

}  // namespace

std::optional<Fix> fixSetupNotJoint(const FileContext& ctx, const Finding& finding) {
  const auto* match = finding.payloadAs<SetupNotJointMatch>();
  if (!match) return std::nullopt;
  std::string_view source = ctx.file.text();
  Node call = match->call;
  Node assignment = parentOf(call);
  if (!is(assignment, "assignment") || !sameNode(field(assignment, "right"), call)) return {};
  Node statement = parentOf(assignment);
  if (!is(statement, "expression_statement")) return std::nullopt;
  Node arguments = field(call, "arguments");
  if (hasKeywords(arguments)) return std::nullopt;
  std::vector<Node> optimizers = positionalArguments(arguments);
  Node left = field(assignment, "left");
  std::vector<Node> targets = is(left, "pattern_list") || is(left, "tuple_pattern")
                                  ? namedChildren(left)
                                  : std::vector<Node>{left};
  if (optimizers.empty() || targets.size() != optimizers.size()) return std::nullopt;
  for (Node t : targets)
    if (!is(t, "identifier") && !is(t, "attribute")) return std::nullopt;

  // Each optimizer goes with the model whose parameters it was built from,
  // not with whichever was set up last (a frozen reference model).
  std::vector<Node> built;
  for (Node optimizer : optimizers) {
    const Assignment* made = is(optimizer, "identifier")
                                 ? ctx.model.bindings().reaching(textOf(optimizer, source),
                                                                 ctx.model.bindings().scopeOf(call),
                                                                 startOf(call), false)
                                 : nullptr;
    if (!made || made->index >= 0 || !is(made->value, "call")) return std::nullopt;
    built.push_back(made->value);
  }
  Node block = parentOf(statement);
  const SetupCall* setup = moduleSetupOf(ctx, finding.fabric, block, startOf(call), built);
  if (!setup) return std::nullopt;
  std::string model(textOf(setup->targets[0], source));
  std::string raw(textOf(setup->arguments[0], source));
  // Between the two only the model's parameters may be read; when its
  // set-up name differs from the raw one, that name is not bound there yet.
  uint32_t from = endOf(setup->statement);
  uint32_t to = startOf(statement);
  if (!onlyParametersUsed(ctx, block, from, to, model)) return std::nullopt;
  if (model != raw) {
    bool used = false;
    walk(block, [&](Node n) {
      if (used || endOf(n) <= from || startOf(n) >= to) return false;
      if ((is(n, "identifier") || is(n, "attribute")) && textOf(n, source) == model) used = true;
      return !used;
    });
    if (used) return std::nullopt;
  }

  for (Node t : targets) {
    Node within = is(t, "attribute") ? ctx.tree.root() : ctx.model.bindings().scopeOf(call);
    if (schedulerBuiltFrom(ctx, within, endOf(statement), textOf(t, source))) return std::nullopt;
  }

  std::string names = model;
  std::string values = raw;
  for (size_t i = 0; i < targets.size(); ++i) {
    names += ", " + std::string(textOf(targets[i], source));
    values += ", " + std::string(textOf(optimizers[i], source));
  }
  std::string fabric(textOf(match->fabric, source));
  std::string joint = fmt::format("{} = {}.setup({})", names, fabric, values);

  Fix fix;
  fix.message = fmt::format("Set up jointly: `{}`", joint);
  auto removal = deleteStatementLines(ctx.file, setup->statement);
  if (!removal || !addEdit(fix.edits, *removal)) return std::nullopt;
  if (!addEdit(fix.edits, replaceNode(ctx.file, assignment, joint))) return std::nullopt;
  return fix;
}

}  // namespace lightfix
