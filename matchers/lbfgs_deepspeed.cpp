// LF011 lbfgs-deepspeed: a LightningModule that creates `torch.optim.LBFGS`
// when its Trainer runs DeepSpeed.

#include <fmt/format.h>

#include "core/source_file.h"
#include "model/file_model.h"
#include "model/project_model.h"
#include "python/node.h"
#include "rules/rule.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kLbfgsDeepspeed{"LF011",
                               "lbfgs-deepspeed",
                               "`torch.optim.LBFGS` in a LightningModule under DeepSpeed",
                               "DeepSpeed and the LBFGS optimizer are not compatible.",
                               {"LBFGS"}};

// `torch.optim.LBFGS`, however it was imported (`from torch.optim import
// LBFGS`, `import torch.optim as optim`).
static bool isLbfgs(std::string_view qualified) {
  return qualified == "torch.optim.LBFGS" || qualified == "torch.optim.lbfgs.LBFGS";
}

void matchLbfgsDeepspeed(const FileContext& ctx, std::vector<Finding>& out) {
  std::string_view source = ctx.file.text();
  for (const LightningModuleClass& cls : ctx.model.lightningModules()) {
    std::vector<Node> creations;
    walk(field(cls.node, "body"), [&](Node n) {
      if (!is(n, "call")) return true;
      auto q = ctx.model.imports().qualify(field(n, "function"), source);
      if (q && isLbfgs(*q)) creations.push_back(n);
      return true;
    });
    if (creations.empty()) continue;
    auto strategy =
        ctx.project.trainerStrategyFor(ctx.file.path(), cls.name, "configure_optimizers");
    if (!strategy) continue;
    for (Node call : creations) {
      Finding f;
      f.start = startOf(call);
      f.end = endOf(call);
      f.severity = strategy->kind == Strategy::DeepSpeed ? Severity::Error : Severity::Warning;
      // Every `optimizer.step()` goes through DeepSpeed's precision plugin,
      // in manual optimization too.
      f.message = fmt::format("`LBFGS` optimizer in `{}` under {}; it raises \"{}\"", cls.name,
                              describe(*strategy, ctx.file.path()), ctx.rule.quoted());
      f.related = relatedPlace(*strategy);
      out.push_back(std::move(f));
    }
  }
}

}  // namespace lightfix
