#include "matchers/fabric_method_calls.h"

#include <algorithm>

#include "model/file_model.h"
#include "python/node.h"
#include "python/query.h"
#include "python/source_file.h"
#include "python/syntax_tree.h"

namespace lightfix {

std::vector<FabricMethodCall> fabricMethodCalls(const FileContext& ctx,
                                                std::initializer_list<std::string_view> methods,
                                                bool deepSpeedOnly) {
  static const Query methodCall(R"(
    (call
      function: (attribute object: (_) @receiver attribute: (identifier) @method)
      arguments: (argument_list) @arguments) @call)");
  std::string_view source = ctx.file.text();
  std::vector<FabricMethodCall> out;
  methodCall.forEach(ctx.tree.root(), source, [&](const Query::Match& m) {
    std::string_view method = textOf(m["method"], source);
    if (std::find(methods.begin(), methods.end(), method) == methods.end()) return;
    TSNode call = m["call"];
    TSNode scope = ctx.model.bindings().scopeOf(call);
    for (const FabricInstance* f : ctx.model.fabricsOf(m["receiver"], scope))
      if (!deepSpeedOnly || f->strategy.deepSpeed())
        out.push_back({call, m["receiver"], m["arguments"], method, f});
  });
  return out;
}

}  // namespace lightfix
