// LF001 backward-before-setup: `fabric.backward(loss)` that can run before
// any `fabric.setup(...)` on that Fabric, under DeepSpeed.

#include <fmt/format.h>

#include <algorithm>

#include "core/source_file.h"
#include "matchers/backward_before_setup.h"
#include "matchers/fabric_calls.h"
#include "matchers/fabric_method_calls.h"
#include "model/file_model.h"
#include "python/node.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kBackwardBeforeSetup{
    "LF001",
    "backward-before-setup",
    "`fabric.backward()` before any `fabric.setup()` under DeepSpeed",
    "No models were set up for backward. Did you forget to call `fabric.setup()`?",
    {"backward"},
    "No models were set up for backward",
    // LightningLite (Lightning < 2.0) said `self.setup()`.
    R"(No models were set up for backward\. Did you forget to call `(fabric|self)\.setup\(\)`\?)"};

void matchBackwardBeforeSetup(const FileContext& ctx, std::vector<Finding>& out) {
  for (const FabricMethodCall& b : fabricMethodCalls(ctx, {"backward"}, true)) {
    // `model=` names the engine itself; whether it was set up is not this rule's.
    if (!isNull(keywordArgument(b.arguments, "model", ctx.file.text()))) continue;
    auto ways = ctx.model.setupsBefore(b.call, b.receiver, b.fabric, FileModel::Counted::AlwaysRun);
    bool someWayWithoutSetup =
        std::any_of(ways.begin(), ways.end(), [](const auto& setups) { return setups.empty(); });
    if (!someWayWithoutSetup) continue;
    std::string_view fabric = textOf(b.receiver, ctx.file.text());
    Finding f = fabricFinding(ctx, b.call, *b.fabric,
                              fmt::format("`{0}.backward()` before any `{0}.setup()`", fabric));
    f.payload = BackwardBeforeSetupMatch{b.call, b.receiver};
    out.push_back(std::move(f));
  }
}

}  // namespace lightfix
