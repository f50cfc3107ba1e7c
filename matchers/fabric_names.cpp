#include "matchers/fabric_names.h"

#include "core/source_file.h"
#include "model/file_model.h"
#include "python/node.h"

namespace lightfix {

std::string fabricNameIn(const FileContext& ctx, const SetupCall& setup, Node scope) {
  std::string_view source = ctx.file.text();
  const Bindings& bindings = ctx.model.bindings();
  Node receiver = field(field(setup.call, "function"), "object");
  bool plain = is(receiver, "identifier") || isSelfAttribute(receiver, source);
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
  // An attribute this method already reads the Fabric from (`self.fabric.device`).
  std::string held;
  walk(field(scope, "body"), [&](Node n) {
    if (!held.empty() || is(n, "function_definition") || is(n, "class_definition")) return false;
    if (!is(n, "attribute") || textOf(field(n, "object"), source) != "self") return true;
    for (const FabricInstance* f : ctx.model.fabricsOf(n, scope))
      if (sameFabric(f, setup.fabric)) held = std::string(textOf(n, source));
    return false;
  });
  return held;
}

}  // namespace lightfix
