#include "fixers/data_flow.h"

#include <algorithm>
#include <set>

#include "model/file_model.h"
#include "python/node.h"
#include "python/source_file.h"

namespace lightfix {

static bool isSelfAttribute(TSNode n, std::string_view source) {
  return is(n, "attribute") && textOf(field(n, "object"), source) == "self";
}

std::vector<TSNode> modelsFeeding(const FileContext& ctx, TSNode expr, TSNode scope,
                                  uint32_t before) {
  std::string_view source = ctx.file.text();
  const Bindings& bindings = ctx.model.bindings();
  std::vector<TSNode> out;
  std::set<std::string_view> named;
  std::set<std::string_view> traced;
  std::vector<TSNode> work{expr};
  auto candidate = [&](TSNode callee) {
    std::string_view name = textOf(callee, source);
    if (ctx.model.imports().qualify(callee, source)) return;
    if (is(callee, "identifier")) {
      for (const FunctionInfo& fn : bindings.functions())
        if (fn.name == name && isNull(fn.ownerClass)) return;
      // Bound here, in an enclosing function or at module level; else a
      // builtin or a class.
      if (bindings.trace(callee, scope).kind == Origin::Unknown) return;
    }
    if (named.insert(name).second) out.push_back(callee);
  };
  for (size_t i = 0; i < work.size() && i < 64; ++i) {
    walk(work[i], [&](TSNode n) {
      if (is(n, "call")) {
        TSNode callee = field(n, "function");
        if (is(callee, "identifier") || isSelfAttribute(callee, source)) {
          candidate(callee);
        } else if (is(callee, "attribute") &&
                   textOf(field(callee, "attribute"), source) == "forward") {
          candidate(field(callee, "object"));
        }
        return true;
      }
      if (is(n, "identifier")) {
        TSNode parent = parentOf(n);
        // `x.attr`: only the object is a value of its own.
        if (is(parent, "attribute") && sameNode(field(parent, "attribute"), n)) return false;
        if (is(parent, "keyword_argument") && sameNode(field(parent, "name"), n)) return false;
        std::string_view name = textOf(n, source);
        if (!traced.insert(name).second) return false;
        if (const Assignment* a = bindings.reaching(name, scope, before, false))
          work.push_back(a->value);
      }
      return true;
    });
  }
  return out;
}

static bool buildsFrom(TSNode call, std::string_view model, std::string_view source) {
  bool found = false;
  walk(field(call, "arguments"), [&](TSNode n) {
    MethodCall mc;
    if (asMethodCall(n, source, mc) &&
        (mc.method == "parameters" || mc.method == "named_parameters") &&
        textOf(mc.receiver, source) == model)
      found = true;
    return !found;
  });
  return found;
}

const Assignment* optimizerBuiltFrom(const FileContext& ctx, std::string_view model, TSNode scope,
                                     uint32_t before) {
  std::string_view source = ctx.file.text();
  const Assignment* last = nullptr;
  for (const Assignment& a : ctx.model.bindings().assignments()) {
    if (!sameNode(a.scope, scope) || a.index >= 0 || endOf(a.statement) > before) continue;
    if (is(a.value, "call") && buildsFrom(a.value, model, source)) last = &a;
  }
  return last;
}

}  // namespace lightfix
