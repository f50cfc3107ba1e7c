#pragma once
// Named pieces the Fabric matchers are built from.

#include "python/node.h"

#include <string>
#include <string_view>

#include "rules/rule.h"

namespace lightfix {

struct FabricInstance;
struct Strategy;
struct StrategySource;

// Whether a result of a DeepSpeed set-up can reach this file's code: one of
// its own, or one of another file's handed in through a call. Rules about
// set-up models need look no further when not.
bool deepSpeedSetupsReach(const FileContext& ctx);

// A finding of the rule being run at `node` under the strategy chosen at
// `source`: an error where DeepSpeed is certain, a warning where it may be,
// its message "<problem>; DeepSpeed (selected at …) raises "<quote>"" (the
// rule's quoted text, unless `quote` is given).
Finding sourceFinding(const FileContext& ctx, Node node, const StrategySource& source,
                      std::string_view problem, std::string_view quote = {});

// The same under `strategy`, judged in `strategyFile`.
Finding strategyFinding(const FileContext& ctx, Node node, const Strategy& strategy,
                        const SourceFile& strategyFile, const std::string& problem,
                        std::string_view quote = {});

// The same for a Fabric's strategy; the finding names the Fabric.
Finding fabricFinding(const FileContext& ctx, Node node, const FabricInstance& fabric,
                      const std::string& problem, std::string_view quote = {});

}  // namespace lightfix
