#include "matchers/fabric_calls.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/source_file.h"
#include "model/file_model.h"
#include "model/project_model.h"
#include "python/node.h"
#include "python/syntax_tree.h"

namespace lightfix {

bool deepSpeedSetupsReach(const FileContext& ctx) {
  return ctx.model.hasDeepSpeedSetup() || ctx.project.hasDeepSpeedSetup();
}

Finding sourceFinding(const FileContext& ctx, Node node, const StrategySource& source,
                      std::string_view problem, std::string_view quote) {
  Finding f;
  f.start = startOf(node);
  f.end = endOf(node);
  f.severity = source.kind == Strategy::DeepSpeed ? Severity::Error : Severity::Warning;
  f.message = fmt::format("{}; {} raises \"{}\"", problem, describe(source, ctx.file.path()),
                          quote.empty() ? ctx.rule.quoted() : quote);
  f.related = relatedPlace(source);
  return f;
}

Finding strategyFinding(const FileContext& ctx, Node node, const Strategy& strategy,
                        const SourceFile& strategyFile, const std::string& problem,
                        std::string_view quote) {
  return sourceFinding(ctx, node, sourceOf(strategy, strategyFile), problem, quote);
}

namespace {

// A call on a receiver that may hold another Fabric too, one not surely
// running DeepSpeed (a Fabric made in each branch of an `if`).
bool receiverMayHoldAnother(const FileContext& ctx, Node node) {
  MethodCall mc;
  if (!asMethodCall(node, ctx.file.text(), mc)) return false;
  auto held = ctx.model.fabricsOf(mc.receiver, ctx.model.bindings().scopeOf(node));
  return held.size() > 1 && std::any_of(held.begin(), held.end(), [](const FabricInstance* f) {
           return f->strategy.kind != Strategy::DeepSpeed;
         });
}

}  // namespace

Finding fabricFinding(const FileContext& ctx, Node node, const FabricInstance& fabric,
                      const std::string& problem, std::string_view quote) {
  Strategy strategy = fabric.strategy;
  if (strategy.kind == Strategy::DeepSpeed && receiverMayHoldAnother(ctx, node)) {
    strategy.kind = Strategy::MaybeDeepSpeed;
    strategy.why = "one of the Fabrics it may hold";
  }
  Finding f = strategyFinding(ctx, node, strategy, *fabric.file, problem, quote);
  f.fabric = &fabric;
  return f;
}

}  // namespace lightfix
