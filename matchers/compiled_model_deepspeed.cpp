// LF015 compiled-model-deepspeed: a `torch.compile(...)` result passed to
// `fit` (or validate/test/predict) of a Trainer whose strategy is DeepSpeed.

#include "core/source_file.h"
#include "matchers/deepspeed_targets.h"
#include "model/file_model.h"
#include "python/node.h"
#include "python/syntax_tree.h"

namespace lightfix {

static const char* kLightningSays =
    "Using a compiled model is incompatible with the current strategy: `DeepSpeedStrategy`.";

static bool isCompileCall(const FileContext& ctx, TSNode n) {
  if (!is(n, "call")) return false;
  auto q = ctx.model.imports().qualify(field(n, "function"), ctx.file.text());
  return q && *q == "torch.compile";
}

void matchCompiledModelDeepspeed(const FileContext& ctx, std::vector<Finding>& out) {
  std::string_view source = ctx.file.text();
  for (const char* method : {"fit", "validate", "test", "predict"}) {
    for (const DeepSpeedMethodCall& call : deepSpeedMethodCalls(ctx, method)) {
      if (!call.trainer) continue;
      TSNode model = keywordArgument(call.arguments, "model", source);
      std::vector<TSNode> positional = positionalArguments(call.arguments);
      if (isNull(model) && !positional.empty()) model = positional[0];
      if (isNull(model)) continue;
      TSNode scope = ctx.model.bindings().scopeOf(call.call);
      TSNode compile = model;
      const Assignment* bound = nullptr;
      if (is(model, "identifier")) {
        bound =
            ctx.model.bindings().reaching(textOf(model, source), scope, startOf(call.call), false);
        // Only a name bound here, in a plain `name = torch.compile(...)`.
        if (!bound || bound->index >= 0 || !sameNode(bound->scope, scope)) continue;
        compile = bound->value;
      }
      if (!isCompileCall(ctx, compile)) continue;
      // `if args.compile: model = torch.compile(model)` compiles on some runs.
      bool sometimes = bound && !contains(parentOf(bound->statement), call.call);
      Finding f = methodCallFinding(ctx, "LF015", compile, call,
                                    sometimes ? "a model `torch.compile`d on some runs given to a "
                                                "DeepSpeed Trainer"
                                              : "a `torch.compile`d model given to a DeepSpeed "
                                                "Trainer",
                                    kLightningSays);
      if (sometimes) f.severity = Severity::Warning;
      f.nodes["compile"] = compile;
      if (bound) f.nodes["statement"] = bound->statement;
      f.nodes["target"] = bound ? bound->targetNode : TSNode{};
      out.push_back(std::move(f));
    }
  }
}

}  // namespace lightfix
