// LF013 grad-accumulation-in-deepspeed-config: move the value from the
// DeepSpeed config to `Trainer(accumulate_grad_batches=N)`, where Lightning
// takes it from to fill the config in. Safe: the engine accumulates the same
// number of batches. Only for one Trainer and an integer literal (or
// "auto", which is dropped); never over a different `accumulate_grad_batches`.
// Adding the argument is unsafe when the Trainer may run another strategy,
// which then accumulates too, or when lightfix cannot see each module it
// fits; there is no fix for a module of manual optimization, for which
// Lightning refuses any accumulation.

#include <fmt/format.h>

#include "core/source_file.h"
#include "edit/insertion.h"
#include "fixers/arguments.h"
#include "matchers/grad_accumulation_in_deepspeed_config.h"
#include "model/file_model.h"
#include "model/project_index.h"
#include "python/node.h"
#include "rules/rule.h"

namespace lightfix {

// Whether `value`, written in the config, means the same written at `use`
// (the Trainer's construction): names, attributes and subscripts of them and
// arithmetic on those, never a call; each name bound once in the file, before
// the value (globally or in the Trainer's function), or a parameter of the
// one function holding both, which assigns
// neither it nor anything under it (`args.accum = ...`).
static bool readsTheSameAt(Node value, Node use, const FileContext& ctx) {
  std::string_view source = ctx.file.text();
  const Bindings& bindings = ctx.model.bindings();
  bool ok = true;
  std::vector<Node> names;
  walk(value, [&](Node n) {
    if (!ok) return false;
    if (is(n, "call") || is(n, "lambda") || is(n, "named_expression") || is(n, "await") ||
        is(n, "list_comprehension") || is(n, "generator_expression") ||
        is(n, "dictionary_comprehension") || is(n, "set_comprehension")) {
      ok = false;
      return false;
    }
    Node parent = parentOf(n);
    if (is(n, "identifier") &&
        !(is(parent, "attribute") && sameNode(field(parent, "attribute"), n)))
      names.push_back(n);
    return true;
  });
  if (!ok) return false;
  Node scope = bindings.scopeOf(use);
  for (Node name : names) {
    std::string_view text = textOf(name, source);
    int bound = 0;
    for (const Assignment& a : bindings.assignments()) {
      std::string_view target = a.target;
      bool under = target.size() > text.size() && target.substr(0, text.size()) == text &&
                   target[text.size()] == '.';
      if (under) return false;
      if (target != text) continue;
      ++bound;
      // Bound before the value, where the Trainer's code sees it too.
      if (endOf(a.statement) > startOf(value)) return false;
      if (!sameNode(a.scope, bindings.module()) && !sameNode(a.scope, scope)) return false;
    }
    if (bound == 1) continue;
    const FunctionInfo* fn = bindings.function(scope);
    if (bound != 0 || !fn || fn->paramIndex(text) < 0 || !sameNode(bindings.scopeOf(value), scope))
      return false;
  }
  return true;
}

// What the Trainer's modules allow `accumulate_grad_batches=N`: every one it
// fits is a LightningModule of the project with automatic optimization
// (Known), one turns it off (Manual: Lightning's configuration validator
// refuses N > 1), or one is not seen (Unknown).
enum class FittedModules { Known, Manual, Unknown };

static FittedModules fittedModules(const TrainerInstance& trainer, const FileContext& ctx) {
  if (trainer.fits.empty()) return FittedModules::Unknown;
  FittedModules out = FittedModules::Known;
  for (const auto& [path, name] : trainer.fits) {
    const LightningModuleClass* module = nullptr;
    if (path == ctx.file.path()) {
      module = ctx.model.lightningModule(name);
    } else if (const ProjectIndex* index = ctx.model.index()) {
      for (const FileModel* file : index->files())
        if (file->file().path() == path) module = file->lightningModule(name);
    }
    if (module && module->manualOptimization) return FittedModules::Manual;
    if (!module) out = FittedModules::Unknown;
  }
  return out;
}

std::optional<Fix> fixGradAccumulationInDeepspeedConfig(const FileContext& ctx,
                                                        const Finding& finding) {
  std::string_view source = ctx.file.text();
  const auto* match = finding.payloadAs<GradAccumulationInDeepspeedConfigMatch>();
  if (!match) return std::nullopt;
  Node pair = match->pair;
  if (isNull(pair)) return std::nullopt;  // a JSON file, or a dict the program changes
  Node value = field(pair, "value");
  auto remove = removeArgument(ctx.file, pair);
  if (!remove) return std::nullopt;
  Fix fix;
  if (!addEdit(fix.edits, *remove)) return std::nullopt;
  std::string text;
  if (stringLiteral(value, source, text) && text == "auto") {
    fix.message = "Remove `\"gradient_accumulation_steps\"` from the DeepSpeed config";
    return fix;
  }

  std::vector<const TrainerInstance*> trainers;
  for (const TrainerInstance& t : ctx.model.trainers())
    if (sameNode(t.strategy.evidence, match->strategy)) trainers.push_back(&t);
  if (trainers.size() != 1) return std::nullopt;
  FittedModules modules = fittedModules(*trainers[0], ctx);
  if (modules == FittedModules::Manual) return std::nullopt;
  Node arguments = field(trainers[0]->construction, "arguments");
  if (hasSplat(arguments)) return std::nullopt;
  std::string number(textOf(value, source));
  Node given = keywordArgument(arguments, "accumulate_grad_batches", source);
  if (!isNull(given)) {
    if (textOf(given, source) != number) return std::nullopt;  // which one is meant?
  } else {
    // Every strategy the Trainer may run accumulates from now on.
    if (modules == FittedModules::Unknown || trainers[0]->strategy.kind != Strategy::DeepSpeed)
      fix.applicability = Applicability::Unsafe;
    if (!is(value, "integer")) {
      // A computed value moves only if it reads the same at the Trainer;
      // unsafe, as lightfix cannot see what the names hold at run time.
      if (!readsTheSameAt(value, trainers[0]->construction, ctx)) return std::nullopt;
      fix.applicability = Applicability::Unsafe;
    }
    auto append = appendArgument(ctx.file, arguments, "accumulate_grad_batches=" + number);
    if (!append || !addEdit(fix.edits, *append)) return std::nullopt;
  }
  fix.message = fmt::format("Pass `accumulate_grad_batches={}` to the Trainer instead", number);
  return fix;
}

}  // namespace lightfix
