#include "matchers/deepspeed_targets.h"

#include <fmt/format.h>
#include <llvm/ADT/StringRef.h>

#include <algorithm>

#include "core/source_file.h"
#include "matchers/fabric_calls.h"
#include "model/deepspeed_config.h"
#include "model/file_model.h"
#include "model/project_index.h"
#include "model/project_model.h"
#include "python/node.h"
#include "python/syntax_tree.h"

namespace lightfix {

bool literalIs(Node n, std::string_view source, std::string_view value) {
  std::string text;
  return stringLiteral(n, source, text) && llvm::StringRef(text).equals_insensitive(value);
}

LightningSide lightningSideOf(const std::string& q) {
  if (q.rfind("lightning.fabric.", 0) == 0 || q.rfind("lightning_fabric.", 0) == 0)
    return LightningSide::Fabric;
  if (q.rfind("lightning.pytorch.", 0) == 0 || q.rfind("pytorch_lightning.", 0) == 0)
    return LightningSide::Trainer;
  return LightningSide::Unknown;
}

Finding trainerFinding(const FileContext& ctx, Node node, const TrainerInstance& trainer,
                       const std::string& problem, std::string_view quote) {
  return strategyFinding(ctx, node, trainer.strategy, ctx.file, problem, quote);
}

namespace {

// How many functions deep a Trainer handed down as an argument is followed.
constexpr int kMaxTrainerHandOffs = 4;

void trainersOf(const FileContext& ctx, Node expr, Node scope, int depth,
                std::vector<const TrainerInstance*>& out) {
  const Bindings& bindings = ctx.model.bindings();
  Origin o = bindings.trace(expr, scope);
  if (o.kind == Origin::Parameter && depth < kMaxTrainerHandOffs) {
    // `def run(trainer, model): trainer.fit(...)`: what its callers pass.
    for (const CallSite* caller : bindings.callersOf(o.function)) {
      Node passed = bindings.argumentFor(*caller, o.param);
      if (!isNull(passed)) trainersOf(ctx, passed, caller->scope, depth + 1, out);
    }
    return;
  }
  if (o.kind != Origin::Expression || o.index >= 0) return;
  auto add = [&](const FileModel& file, Node made) {
    bool found = false;
    for (const TrainerInstance& t : file.trainers())
      if (sameNode(t.construction, made)) {
        found = true;
        if (std::find(out.begin(), out.end(), &t) == out.end()) out.push_back(&t);
      }
    return found;
  };
  if (add(ctx.model, o.expr)) return;
  // `trainer = create_trainer(cfg)`: the Trainer a helper of this file or
  // another returns, when it is one on every path.
  std::vector<std::pair<const FileModel*, Node>> made = ctx.model.trainerOrigins(expr, scope);
  if (made.size() == 1) add(*made[0].first, made[0].second);
}

}  // namespace

std::vector<const TrainerInstance*> trainersOf(const FileContext& ctx, Node receiver) {
  std::vector<const TrainerInstance*> out;
  trainersOf(ctx, receiver, ctx.model.bindings().scopeOf(receiver), 0, out);
  return out;
}

const Strategy& DeepSpeedMethodCall::strategy() const {
  return fabric ? fabric->strategy : trainer->strategy;
}

std::vector<DeepSpeedMethodCall> deepSpeedMethodCalls(const FileContext& ctx,
                                                      std::string_view method) {
  std::vector<DeepSpeedMethodCall> out;
  std::string_view source = ctx.file.text();
  walkCalls(ctx.tree.root(), [&](Node n) {
    MethodCall mc;
    if (!asMethodCall(n, source, mc) || mc.method != method) return;
    Node scope = ctx.model.bindings().scopeOf(n);
    for (const FabricInstance* f : ctx.model.fabricsOf(mc.receiver, scope))
      if (f->strategy.deepSpeed()) out.push_back({n, mc.arguments, f, nullptr});
    for (const TrainerInstance* t : trainersOf(ctx, mc.receiver))
      if (t->strategy.deepSpeed()) out.push_back({n, mc.arguments, nullptr, t});
  });
  return out;
}

Finding methodCallFinding(const FileContext& ctx, Node node, const DeepSpeedMethodCall& call,
                          const std::string& problem, std::string_view quote) {
  if (call.fabric) return fabricFinding(ctx, node, *call.fabric, problem, quote);
  return trainerFinding(ctx, node, *call.trainer, problem, quote);
}

int statedZeroStage(const Strategy& strategy, const FileModel& model) {
  if (isNull(strategy.evidence) || !strategy.evidenceFile) return 0;
  std::string_view source = strategy.evidenceFile->text();
  std::string name;
  if (stringLiteral(strategy.evidence, source, name)) {
    for (int stage = 1; stage <= 3; ++stage)
      if (llvm::StringRef(name).startswith_insensitive(fmt::format("deepspeed_stage_{}", stage)))
        return stage;
    return 0;
  }
  const FileModel* chosenIn = model.modelOfFile(strategy.evidenceFile);
  if (!is(strategy.evidence, "call") || !chosenIn) return 0;
  // A config replaces the arguments: `stage=` then counts for nothing.
  ConfigKey config =
      deepSpeedConfigKey(strategy.evidence, {"zero_optimization", "stage"}, *chosenIn);
  if (config.kind != ConfigKey::NoConfig) {
    std::optional<int64_t> stage = config.integer();
    return stage && *stage >= 1 && *stage <= 3 ? static_cast<int>(*stage) : 0;
  }
  Node stage = keywordArgument(field(strategy.evidence, "arguments"), "stage", source);
  if (!is(stage, "integer")) return 0;
  std::string_view digits = textOf(stage, source);
  return digits.size() == 1 && digits[0] >= '1' && digits[0] <= '3' ? digits[0] - '0' : 0;
}

}  // namespace lightfix
