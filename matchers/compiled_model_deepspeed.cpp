// LF015 compiled-model-deepspeed: a `torch.compile(...)` result passed to
// `fit` (or validate/test/predict) of a Trainer whose strategy is DeepSpeed.

#include "matchers/compiled_model_deepspeed.h"
#include "core/source_file.h"
#include "matchers/deepspeed_targets.h"
#include "model/file_model.h"
#include "python/node.h"
#include "python/syntax_tree.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kCompiledModelDeepspeed{
    "LF015",
    "compiled-model-deepspeed",
    "a `torch.compile`d model given to `Trainer.fit` under DeepSpeed",
    "Using a compiled model is incompatible with the current strategy: `DeepSpeedStrategy`. "
    "Only SingleDeviceStrategy, DDPStrategy, FSDPStrategy support compilation. Either switch "
    "to one of the supported strategies or avoid passing in compiled model.",
    {"compile"},
    "Using a compiled model is incompatible with the current strategy: `DeepSpeedStrategy`.",
    R"(Using a compiled model is incompatible with the current strategy: `[A-Za-z_]*DeepSpeed[A-Za-z_]*`)"};

static bool isCompileCall(const FileContext& ctx, Node n) {
  if (!is(n, "call")) return false;
  auto q = ctx.model.imports().qualify(field(n, "function"), ctx.file.text());
  return q && *q == "torch.compile";
}

void matchCompiledModelDeepspeed(const FileContext& ctx, std::vector<Finding>& out) {
  std::string_view source = ctx.file.text();
  for (const char* method : {"fit", "validate", "test", "predict"}) {
    for (const DeepSpeedMethodCall& call : deepSpeedMethodCalls(ctx, method)) {
      if (!call.trainer) continue;
      Node model = keywordArgument(call.arguments, "model", source);
      std::vector<Node> positional = positionalArguments(call.arguments);
      if (isNull(model) && !positional.empty()) model = positional[0];
      if (isNull(model)) continue;
      Node scope = ctx.model.bindings().scopeOf(call.call);
      Node compile = model;
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
      Finding f = methodCallFinding(ctx, compile, call,
                                    sometimes ? "a model `torch.compile`d on some runs given to a "
                                                "DeepSpeed Trainer"
                                              : "a `torch.compile`d model given to a DeepSpeed "
                                                "Trainer");
      if (sometimes) f.severity = Severity::Warning;
      f.payload = CompiledModelDeepspeedMatch{compile, bound ? bound->statement : Node{},
                                              bound ? bound->targetNode : Node{}};
      out.push_back(std::move(f));
    }
  }
}

}  // namespace lightfix
