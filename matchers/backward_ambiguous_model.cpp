// LF002 backward-ambiguous-model: `fabric.backward(loss)` without `model=`
// once several models were set up on that Fabric, under DeepSpeed.

#include <fmt/format.h>

#include <algorithm>

#include "core/source_file.h"
#include "matchers/backward_ambiguous_model.h"
#include "matchers/fabric_calls.h"
#include "matchers/fabric_method_calls.h"
#include "model/file_model.h"
#include "python/flow.h"
#include "python/node.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kBackwardAmbiguousModel{
    "LF002",
    "backward-ambiguous-model",
    "`fabric.backward()` without `model=` after several set-ups under DeepSpeed",
    "When using multiple models + deepspeed, please provide the model used to perform the "
    "optimization: `self.backward(loss, model=model)`",
    {"backward"},
    "When using multiple models + deepspeed, please provide the model used to perform the "
    "optimization"};

// Lightning counts every `setup`/`setup_module`; one inside a loop runs for
// each model it goes over, so it alone makes the choice ambiguous.
struct SetupCount {
  size_t calls = 0;
  bool inLoop = false;
  bool ambiguous() const { return calls > 1 || inLoop; }
};

// Set-ups in different branches of one `if` never both run: count the most
// that can run together.
static SetupCount countSetups(const SetupRuns& runs) {
  SetupCount c;
  std::vector<const SetupCall*> together;
  for (const SetupRun& run : runs) {
    bool exclusive = std::any_of(together.begin(), together.end(), [&](const SetupCall* t) {
      return mutuallyExclusive(run.setup->call, t->call);
    });
    if (exclusive) continue;
    together.push_back(run.setup);
    ++c.calls;
    c.inLoop = c.inLoop || run.repeated;
  }
  return c;
}

void matchBackwardAmbiguousModel(const FileContext& ctx, std::vector<Finding>& out) {
  std::string_view source = ctx.file.text();
  for (const FabricMethodCall& b : fabricMethodCalls(ctx, {"backward"}, true)) {
    if (!isNull(keywordArgument(b.arguments, "model", source)) || hasSplat(b.arguments)) continue;
    SetupCount worst;
    for (const auto& setups :
         ctx.model.setupsBefore(b.call, b.receiver, b.fabric, FileModel::Counted::MayHaveRun)) {
      SetupCount c = countSetups(setups);
      if (c.ambiguous() && (!worst.ambiguous() || c.calls > worst.calls)) worst = c;
    }
    if (!worst.ambiguous()) continue;
    std::string_view fabric = textOf(b.receiver, source);
    std::string setUp = worst.inLoop ? std::string("models were set up in a loop")
                                     : fmt::format("{} models were set up", worst.calls);
    Finding f =
        fabricFinding(ctx, b.call, *b.fabric,
                      fmt::format("`{}.backward()` without `model=` after {}", fabric, setUp));
    f.payload = BackwardAmbiguousModelMatch{b.call, b.arguments};
    out.push_back(std::move(f));
  }
}

}  // namespace lightfix
