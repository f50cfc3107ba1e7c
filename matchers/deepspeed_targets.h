#pragma once
// Named pieces shared by the DeepSpeed rules that look at a Trainer's
// arguments or at a method called on a DeepSpeed Fabric or Trainer.

#include "python/node.h"

#include <string>
#include <string_view>
#include <vector>

#include "rules/rule.h"

namespace lightfix {

struct FabricInstance;
struct Strategy;
struct TrainerInstance;

// A finding at `node` for a Trainer of this file, naming the line that chose
// DeepSpeed; `error` when DeepSpeed is certain, else `warning`.
Finding trainerFinding(const FileContext& ctx, Node node, const TrainerInstance& trainer,
                       const std::string& problem, std::string_view quote = {});

// The Trainers that `receiver` may hold: through names, through a
// parameter (those the function's callers in the file pass), and the one a
// helper of this file or another returns on every path.
std::vector<const TrainerInstance*> trainersOf(const FileContext& ctx, Node receiver);

// A call `x.method(...)` where `x` holds a Fabric or a Trainer that may run
// DeepSpeed; one entry per Fabric it may hold.
struct DeepSpeedMethodCall {
  Node call{};
  Node arguments{};
  const FabricInstance* fabric = nullptr;    // set for a Fabric
  const TrainerInstance* trainer = nullptr;  // set for a Trainer
  const Strategy& strategy() const;
};
std::vector<DeepSpeedMethodCall> deepSpeedMethodCalls(const FileContext& ctx,
                                                      std::string_view method);

// A finding for either kind of receiver.
Finding methodCallFinding(const FileContext& ctx, Node node, const DeepSpeedMethodCall& call,
                          const std::string& problem, std::string_view quote = {});

// The ZeRO stage a strategy states: 3 for `"deepspeed_stage_3_offload"`,
// `DeepSpeedStrategy(stage=3)` or a `config=` (a dict or a JSON file of the
// project) whose `zero_optimization.stage` is 3; 0 when it does not say (a
// bare "deepspeed", a config lightfix cannot read, `--target-strategy`).
// `model` is the file being checked, which sees the project's files.
int statedZeroStage(const Strategy& strategy, const FileModel& model);

// Which half of Lightning a qualified name comes from.
enum class LightningSide {
  Unknown,
  Fabric,   // `lightning.fabric`, `lightning_fabric`
  Trainer,  // `lightning.pytorch`, `pytorch_lightning`
};
LightningSide lightningSideOf(const std::string& qualified);

// Whether a string literal, read case-insensitively, is `value`.
bool literalIs(Node n, std::string_view source, std::string_view value);

}  // namespace lightfix
