#include "matchers/fabric_names.h"

#include "core/source_file.h"
#include "model/file_model.h"
#include "python/node.h"

namespace lightfix {

std::string fabricNameIn(const FileContext& ctx, const SetupCall& setup, Node scope) {
  std::string_view source = ctx.file.text();
  const Bindings& bindings = ctx.model.bindings();
  Node receiver = field(field(setup.call, "function"), "object");
  bool plain = is(receiver, "identifier") ||
               (is(receiver, "attribute") && textOf(field(receiver, "object"), source) == "self");
  if (plain && sameNode(setup.scope, scope)) return std::string(textOf(receiver, source));
  const FunctionInfo* fn = bindings.function(scope);
  if (!fn) return {};
  const FunctionInfo* owner = bindings.function(setup.scope);
  if (plain && is(receiver, "attribute") && owner && !isNull(fn->ownerClass) &&
      sameNode(owner->ownerClass, fn->ownerClass))
    return std::string(textOf(receiver, source));
  for (Node param : fn->paramNodes)
    for (const FabricInstance* f : ctx.model.fabricsOf(param, scope))
      if (sameFabric(f, setup.fabric)) return std::string(textOf(param, source));
  return {};
}

}  // namespace lightfix
