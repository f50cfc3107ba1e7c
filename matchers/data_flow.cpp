#include "matchers/data_flow.h"

#include <algorithm>
#include <set>

#include "core/source_file.h"
#include "model/file_model.h"
#include "python/node.h"

namespace lightfix {

// The method `self.<name>` calls in the class of `scope`, or null.
static const FunctionInfo* selfMethod(const Bindings& bindings, Node callee, Node scope,
                                      std::string_view source) {
  const FunctionInfo* fn = bindings.function(scope);
  while (fn && isNull(fn->ownerClass)) fn = bindings.function(bindings.scopeOf(fn->node));
  if (!fn) return nullptr;
  std::string_view name = textOf(field(callee, "attribute"), source);
  for (const FunctionInfo* method : bindings.methodsOf(fn->ownerClass))
    if (method->name == name) return method;
  return nullptr;
}

std::vector<Node> modelsFeeding(const FileContext& ctx, Node expr, Node scope, uint32_t before) {
  std::string_view source = ctx.file.text();
  const Bindings& bindings = ctx.model.bindings();
  // An expression to search, where it is evaluated. In a method the loss
  // comes from (`self.compute_loss(batch)`), only `self.` names mean the
  // same thing at the caller.
  struct Item {
    Node node;
    Node scope;
    uint32_t before;
    bool selfOnly;
  };
  std::vector<Node> out;
  std::set<std::string_view> named;
  std::set<std::pair<std::string_view, const void*>> traced;
  std::vector<Item> work{{expr, scope, before, false}};
  std::set<const FunctionInfo*> methods;
  auto candidate = [&](Node callee, const Item& item) {
    std::string_view name = textOf(callee, source);
    if (ctx.model.imports().qualify(callee, source)) return;
    if (is(callee, "identifier")) {
      if (item.selfOnly) return;
      for (const FunctionInfo& fn : bindings.functions())
        if (fn.name == name && isNull(fn.ownerClass)) return;
      // Bound here, in an enclosing function or at module level; else a
      // builtin or a class.
      if (bindings.trace(callee, item.scope).kind == Origin::Unknown) return;
    } else if (const FunctionInfo* method = selfMethod(bindings, callee, item.scope, source)) {
      // A method is not a model: the models are what its returns call.
      if (methods.insert(method).second)
        walk(method->body, [&](Node n) {
          if (is(n, "function_definition") || is(n, "lambda") || is(n, "class_definition"))
            return false;
          if (is(n, "return_statement") && namedChildCount(n) == 1)
            work.push_back({namedChild(n, 0), method->node, startOf(n), true});
          return true;
        });
      return;
    } else if (bindings.trace(callee, item.scope).kind == Origin::Unknown) {
      return;  // `self.x` nothing here assigns: an inherited method, or unknown
    }
    if (named.insert(name).second) out.push_back(callee);
  };
  for (size_t i = 0; i < work.size() && i < 64; ++i) {
    const Item item = work[i];
    walk(item.node, [&](Node n) {
      if (is(n, "call")) {
        Node callee = field(n, "function");
        if (is(callee, "identifier") || isSelfAttribute(callee, source)) {
          candidate(callee, item);
        } else if (is(callee, "attribute") &&
                   textOf(field(callee, "attribute"), source) == "forward") {
          candidate(field(callee, "object"), item);
        }
        return true;
      }
      if (is(n, "identifier")) {
        Node parent = parentOf(n);
        // `x.attr`: only the object is a value of its own.
        if (is(parent, "attribute") && sameNode(field(parent, "attribute"), n)) return false;
        if (is(parent, "keyword_argument") && sameNode(field(parent, "name"), n)) return false;
        std::string_view name = textOf(n, source);
        if (!traced.insert({name, identity(item.scope)}).second) return false;
        if (const Assignment* a = bindings.reaching(name, item.scope, item.before, false))
          work.push_back({a->value, item.scope, item.before, item.selfOnly});
      }
      return true;
    });
  }
  return out;
}

static bool turnsOffGradients(std::string_view text) {
  return text.find("no_grad") != std::string_view::npos ||
         text.find("inference_mode") != std::string_view::npos ||
         text.find("set_grad_enabled(False)") != std::string_view::npos;
}

bool runsWithoutGradients(Node n, std::string_view source) {
  for (Node inner = n, p = parentOf(n); !isNull(p); inner = p, p = parentOf(p)) {
    if (is(p, "with_statement") && sameNode(field(p, "body"), inner)) {
      for (Node clause : namedChildren(p))
        if (is(clause, "with_clause") && turnsOffGradients(textOf(clause, source))) return true;
    }
    if (is(p, "function_definition") || is(p, "lambda") || is(p, "class_definition")) {
      Node decorated = parentOf(p);
      if (!is(decorated, "decorated_definition")) return false;
      for (Node decorator : namedChildren(decorated))
        if (is(decorator, "decorator") && turnsOffGradients(textOf(decorator, source))) return true;
      return false;
    }
  }
  return false;
}

std::vector<MethodCall> stepsAfter(const FileContext& ctx, Node backward, Node scope) {
  std::string_view source = ctx.file.text();
  std::vector<MethodCall> steps;
  bool done = false;
  walk(sameNode(scope, ctx.model.bindings().module()) ? scope : field(scope, "body"), [&](Node n) {
    if (done) return false;
    if (startOf(n) < endOf(backward)) return endOf(n) > endOf(backward);
    MethodCall mc;
    if (!asMethodCall(n, source, mc)) return true;
    if (mc.method == "backward") done = true;
    if (mc.method == "step") steps.push_back(mc);
    return !done;
  });
  return steps;
}

bool buildsFrom(Node call, std::string_view model, std::string_view source) {
  bool found = false;
  walk(field(call, "arguments"), [&](Node n) {
    MethodCall mc;
    if (asMethodCall(n, source, mc) &&
        (mc.method == "parameters" || mc.method == "named_parameters") &&
        textOf(mc.receiver, source) == model)
      found = true;
    return !found;
  });
  return found;
}

// Calls that gather parameters into a collection, not an optimizer:
// `params = list(model.parameters())`, `itertools.chain(a.parameters(), ...)`.
static bool gathersParameters(Node call, std::string_view source) {
  std::string_view callee = textOf(field(call, "function"), source);
  for (std::string_view gather :
       {"list", "tuple", "set", "sorted", "filter", "chain", "itertools.chain"})
    if (callee == gather) return true;
  return false;
}

const Assignment* optimizerBuiltFrom(const FileContext& ctx, std::string_view model, Node scope,
                                     uint32_t before) {
  std::string_view source = ctx.file.text();
  const Assignment* last = nullptr;
  std::vector<std::string_view> gathered;  // names holding the model's parameters
  auto readsGathered = [&](Node call) {
    bool found = false;
    walk(field(call, "arguments"), [&](Node n) {
      if (is(n, "identifier") &&
          std::find(gathered.begin(), gathered.end(), textOf(n, source)) != gathered.end())
        found = true;
      return !found;
    });
    return found;
  };
  for (const Assignment& a : ctx.model.bindings().assignments()) {
    if (!sameNode(a.scope, scope) || a.index >= 0 || endOf(a.statement) > before) continue;
    if (!is(a.value, "call")) continue;
    if (gathersParameters(a.value, source)) {
      if (buildsFrom(a.value, model, source)) gathered.push_back(a.target);
    } else if (buildsFrom(a.value, model, source) || readsGathered(a.value)) {
      last = &a;
    }
  }
  return last;
}

}  // namespace lightfix
