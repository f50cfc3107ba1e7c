#include "matchers/fabric_method_calls.h"

#include <algorithm>

#include "core/source_file.h"
#include "model/file_model.h"
#include "python/node.h"
#include "python/syntax_tree.h"

namespace lightfix {

std::vector<FabricMethodCall> fabricMethodCalls(const FileContext& ctx,
                                                std::initializer_list<std::string_view> methods,
                                                bool deepSpeedOnly) {
  std::string_view source = ctx.file.text();
  std::vector<FabricMethodCall> out;
  // A walk over the indexed tree: cheaper than a query's own cursor.
  walkCalls(ctx.tree.root(), [&](Node n) {
    MethodCall mc;
    if (!asMethodCall(n, source, mc) || !is(mc.arguments, "argument_list")) return;
    if (std::find(methods.begin(), methods.end(), mc.method) == methods.end()) return;
    Node scope = ctx.model.bindings().scopeOf(n);
    for (const FabricInstance* f : ctx.model.fabricsOf(mc.receiver, scope))
      if (!deepSpeedOnly || f->strategy.deepSpeed())
        out.push_back({n, mc.receiver, mc.arguments, mc.method, f});
  });
  return out;
}

}  // namespace lightfix
