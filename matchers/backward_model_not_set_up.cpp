// LF007 backward-model-not-set-up: `fabric.backward(loss, model=net)` where
// `net` is the module as it was before `fabric.setup(net, ...)` bound the
// set-up one to another name. `Fabric.backward` reads `model._forward_module`
// first thing, whatever the strategy, and a plain module has none.

#include <fmt/format.h>

#include "core/source_file.h"
#include "matchers/backward_model_not_set_up.h"
#include "matchers/fabric_method_calls.h"
#include "model/file_model.h"
#include "python/node.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kBackwardModelNotSetUp{
    "LF007",
    "backward-model-not-set-up",
    "`fabric.backward(loss, model=m)` with `m` the module before `fabric.setup()`",
    "AttributeError: 'GPT' object has no attribute '_forward_module'",
    {"backward"},
    "AttributeError: ... object has no attribute '_forward_module'",
    // PyTorch's `nn.Module.__getattr__` names the module's class.
    R"('[A-Za-z_][A-Za-z0-9_]*' object has no attribute '_forward_module')"};

namespace {

// The set-up of `raw` on `fabric` in `scope` before `point` whose result was
// bound to another name, with no later assignment of `raw` before `point`.
const SetupCall* setupOfRawModule(const FileContext& ctx, const FabricInstance* fabric,
                                  std::string_view raw, Node scope, Node point) {
  std::string_view source = ctx.file.text();
  const SetupCall* found = nullptr;
  for (const SetupCall& s : ctx.model.setups()) {
    if (!sameFabric(s.fabric, fabric) || !sameNode(s.scope, scope) || s.targets.empty() ||
        s.arguments.empty() || startOf(s.call) >= startOf(point))
      continue;
    if (textOf(s.arguments[0], source) != raw || textOf(s.targets[0], source) == raw) continue;
    if (found) return nullptr;  // set up twice: not ours to pick
    found = &s;
  }
  if (!found) return nullptr;
  const Assignment* a = ctx.model.bindings().reaching(raw, scope, startOf(point), false);
  if (a && startOf(a->statement) > startOf(found->statement)) return nullptr;
  return found;
}

}  // namespace

void matchBackwardModelNotSetUp(const FileContext& ctx, std::vector<Finding>& out) {
  std::string_view source = ctx.file.text();
  for (const FabricMethodCall& c : fabricMethodCalls(ctx, {"backward"}, false)) {
    Node value = keywordArgument(c.arguments, "model", source);
    if (!is(value, "identifier") && !is(value, "attribute")) continue;
    Node scope = ctx.model.bindings().scopeOf(c.call);
    if (ctx.model.setupResultOf(value, scope)) continue;
    const SetupCall* setup = setupOfRawModule(ctx, c.fabric, textOf(value, source), scope, c.call);
    if (!setup) continue;
    Finding f;
    f.start = startOf(c.call);
    f.end = endOf(c.call);
    f.fabric = c.fabric;
    f.message = fmt::format(
        "`model={}` is the module before `{}.setup()`, which bound the set-up model to `{}`; "
        "`Fabric.backward` raises \"{}\"",
        textOf(value, source), textOf(c.receiver, source), textOf(setup->targets[0], source),
        ctx.rule.quoted());
    f.payload = BackwardModelNotSetUpMatch{value, setup->targets[0]};
    out.push_back(std::move(f));
  }
}

}  // namespace lightfix
