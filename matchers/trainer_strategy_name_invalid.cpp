// LF014 trainer-strategy-name-invalid: a DeepSpeed strategy the receiving
// side does not know: the Fabric-only name "deepspeed_stage_1_offload" given
// to a Trainer, Fabric's `DeepSpeedStrategy` given to a Trainer, or the
// Trainer's given to a Fabric.

#include "matchers/trainer_strategy_name_invalid.h"
#include "core/source_file.h"
#include "matchers/deepspeed_targets.h"
#include "matchers/fabric_calls.h"
#include "model/file_model.h"
#include "model/lightning_classes.h"
#include "python/node.h"
#include "rules/rule_specs.h"

namespace lightfix {

const RuleSpec kTrainerStrategyNameInvalid{
    "LF014",
    "trainer-strategy-name-invalid",
    "a DeepSpeed strategy its side of Lightning does not know (a Fabric-only name, the other "
    "side's `DeepSpeedStrategy`)",
    "You selected an invalid strategy name: `strategy='deepspeed_stage_1_offload'`. It must be "
    "either a string or an instance of `lightning.pytorch.strategies.Strategy`.",
    // The name in any case.
    {"_1_", "DeepSpeedStrategy"},
    "You selected an invalid strategy name: `strategy='deepspeed_stage_1_offload'`",
    R"(You selected an invalid strategy name: `strategy=('deepspeed[a-z0-9_]*'|<[^>]*DeepSpeedStrategy[^>]*>)`)",
    // A strategy object of the other side.
    {{"object",
      "You selected an invalid strategy name: `strategy=<... DeepSpeedStrategy object at ...>`"}}};

// The side of the `DeepSpeedStrategy(...)` class a call constructs.
static LightningSide strategyClassSide(const FileContext& ctx, Node call) {
  auto q = ctx.model.imports().qualify(field(call, "function"), ctx.file.text());
  if (!q || !isDeepSpeedStrategyClass(*q)) return LightningSide::Unknown;
  return lightningSideOf(*q);
}

void matchTrainerStrategyNameInvalid(const FileContext& ctx, std::vector<Finding>& out) {
  std::string_view source = ctx.file.text();
  for (const TrainerInstance& t : ctx.model.trainers()) {
    const Strategy& s = t.strategy;
    if (!s.deepSpeed() || s.evidenceFile != &ctx.file || isNull(s.evidence)) continue;
    std::string name;
    if (stringLiteral(s.evidence, source, name)) {
      if (!literalIs(s.evidence, source, "deepspeed_stage_1_offload")) continue;
      Finding f = trainerFinding(ctx, s.evidence, t,
                                 "`deepspeed_stage_1_offload` is a Fabric strategy name, not the "
                                 "Trainer's");
      f.payload = TrainerStrategyNameInvalidMatch{s.evidence, t.construction, Node{}};
      out.push_back(std::move(f));
    } else if (is(s.evidence, "call") &&
               strategyClassSide(ctx, s.evidence) == LightningSide::Fabric) {
      Finding f =
          trainerFinding(ctx, s.evidence, t, "Fabric's `DeepSpeedStrategy` given to a Trainer",
                         ctx.rule.quoted("object"));
      f.payload = TrainerStrategyNameInvalidMatch{Node{}, Node{}, s.evidence};
      out.push_back(std::move(f));
    }
  }
  for (const FabricInstance& fabric : ctx.model.fabrics()) {
    const Strategy& s = fabric.strategy;
    if (!s.deepSpeed() || s.evidenceFile != &ctx.file || !is(s.evidence, "call")) continue;
    // pytorch_lightning's LightningLite takes the Trainer's strategies: it
    // shares the Trainer's accelerator connector (`pytorch_lightning/lite/lite.py`).
    if (fabric.pytorchLightningLite) continue;
    if (strategyClassSide(ctx, s.evidence) != LightningSide::Trainer) continue;
    Finding f = fabricFinding(ctx, s.evidence, fabric,
                              "the Trainer's `DeepSpeedStrategy` given to a Fabric",
                              ctx.rule.quoted("object"));
    f.payload = TrainerStrategyNameInvalidMatch{Node{}, Node{}, s.evidence};
    out.push_back(std::move(f));
  }
}

}  // namespace lightfix
