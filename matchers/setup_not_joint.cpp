// LF004 setup-not-joint: `fabric.setup_optimizers(...)` on a Fabric that
// runs DeepSpeed, which wants the model and its optimizers in one `setup`.

#include <fmt/format.h>

#include "core/source_file.h"
#include "matchers/fabric_calls.h"
#include "matchers/fabric_method_calls.h"
#include "matchers/setup_not_joint.h"
#include "model/file_model.h"
#include "python/node.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kSetupNotJoint{
    "LF004",
    "setup-not-joint",
    "`fabric.setup_optimizers()` under DeepSpeed, which sets up model and optimizers jointly",
    "The `DeepSpeedStrategy` requires the model and optimizer(s) to be set up jointly through "
    "`.setup(model, optimizer, ...)`.",
    {"setup_optimizers"},
    "requires the model and optimizer(s) to be set up jointly",
    R"(The `DeepSpeedStrategy` requires the model and optimizer\(s\) to be set up jointly through `\.setup\(model, optimizer, \.\.\.\)`)"};

void matchSetupNotJoint(const FileContext& ctx, std::vector<Finding>& out) {
  for (const FabricMethodCall& c : fabricMethodCalls(ctx, {"setup_optimizers"}, true)) {
    std::string_view fabric = textOf(c.receiver, ctx.file.text());
    Finding f = fabricFinding(
        ctx, c.call, *c.fabric,
        fmt::format("`{0}.setup_optimizers()` instead of one joint `{0}.setup(model, optimizer)`",
                    fabric));
    f.payload = SetupNotJointMatch{c.call, c.receiver};
    out.push_back(std::move(f));
  }
}

}  // namespace lightfix
