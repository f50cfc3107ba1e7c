// LF009 clip-gradients-deepspeed: delete `fabric.clip_gradients(model, opt,
// max_norm=v)` and set `fabric.strategy.config["gradient_clipping"] = v`
// before the Fabric sets anything up, where DeepSpeed reads its config.
// Unsafe: DeepSpeed then clips at every optimizer step, also where the call
// was conditional. Only for a certain DeepSpeed (on another strategy the
// config line would raise), for `max_norm` with the default 2-norm (DeepSpeed
// clips by norm; `clip_val` has no counterpart), and when `v` means the same
// where the line goes: a number, or a name of the scope the set-ups are in;
// and when the Fabric trains one model, as the config clips every engine.

#include <fmt/format.h>

#include "core/source_file.h"
#include "edit/insertion.h"
#include "fixers/line_edits.h"
#include "matchers/clip_gradients_deepspeed.h"
#include "model/file_model.h"
#include "python/flow.h"
#include "python/node.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

bool isNumber(Node n) { return is(n, "integer") || is(n, "float"); }

// The identifier an expression like `args.max_norm` or `max_norm` starts from.
Node rootName(Node n) {
  while (is(n, "attribute")) n = field(n, "object");
  return is(n, "identifier") ? n : Node{};
}

}  // namespace

std::optional<Fix> fixClipGradientsDeepspeed(const FileContext& ctx, const Finding& finding) {
  const auto* match = finding.payloadAs<ClipGradientsDeepspeedMatch>();
  if (!match) return std::nullopt;
  std::string_view source = ctx.file.text();
  const FabricInstance& fabric = *finding.fabric;
  // Removing the clip is right only where every run is DeepSpeed's.
  if (fabric.strategy.kind != Strategy::DeepSpeed || finding.severity == Severity::Warning)
    return std::nullopt;
  Node call = match->call;
  Node statement = parentOf(call);
  if (!is(statement, "expression_statement") || namedChildCount(statement) != 1)
    return std::nullopt;
  Node arguments = field(call, "arguments");
  if (hasSplat(arguments) || positionalArguments(arguments).size() > 2) return std::nullopt;
  Node maxNorm{};
  for (Node a : namedChildren(arguments)) {
    if (!is(a, "keyword_argument")) continue;
    if (textOf(field(a, "name"), source) != "max_norm") return std::nullopt;
    maxNorm = field(a, "value");
  }
  if (isNull(maxNorm)) return std::nullopt;

  // Every set-up on this Fabric, in one scope; the line goes before the first.
  // The config clips every model set up with an optimizer: with two, one the
  // call never clipped would be clipped too.
  const SetupCall* first = nullptr;
  size_t trained = 0;
  for (const SetupCall& s : ctx.model.setups()) {
    if (!sameFabric(s.fabric, &fabric)) continue;
    if (first && !sameNode(first->scope, s.scope)) return std::nullopt;
    if (!first || startOf(s.call) < startOf(first->call)) first = &s;
    if (!s.moduleOnly) trained += s.inLoop ? 2 : 1;
  }
  if (trained > 1) return std::nullopt;
  if (!first || !isBlock(parentOf(first->statement))) return std::nullopt;
  Node receiver = field(field(first->call, "function"), "object");
  if (!is(receiver, "identifier") && !is(receiver, "attribute")) return std::nullopt;
  if (!isNumber(maxNorm)) {
    Node root = rootName(maxNorm);
    Node scope = ctx.model.bindings().scopeOf(call);
    if (isNull(root) || !sameNode(scope, first->scope)) return std::nullopt;
    std::string_view name = textOf(root, source);
    const FunctionInfo* fn = ctx.model.bindings().function(scope);
    bool parameter = fn && fn->paramIndex(name) >= 0;
    if (!parameter && !ctx.model.bindings().reaching(name, scope, startOf(first->call), false))
      return std::nullopt;
  }

  std::string config = fmt::format("{}.strategy.config[\"gradient_clipping\"] = {}",
                                   textOf(receiver, source), textOf(maxNorm, source));
  Fix fix;
  fix.message = fmt::format("Delete the call and set `{}` before the set-up", config);
  fix.applicability = Applicability::Unsafe;
  auto removal = deleteStatementLines(ctx.file, statement);
  if (!removal || !addEdit(fix.edits, *removal)) return std::nullopt;
  if (!addEdit(fix.edits, insertLineBefore(ctx.file, first->statement, config)))
    return std::nullopt;
  return fix;
}

}  // namespace lightfix
