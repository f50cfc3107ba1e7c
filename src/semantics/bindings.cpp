#include "semantics/bindings.h"

#include <optional>

#include "core/budgets.h"
#include "python/flow.h"
#include "python/node.h"

namespace lightfix {

int FunctionInfo::paramIndex(std::string_view param) const {
  for (size_t i = 0; i < params.size(); ++i)
    if (params[i] == param) return static_cast<int>(i);
  return -1;
}

Node parameterName(Node p) {
  if (is(p, "identifier")) return p;
  if (is(p, "typed_parameter")) {
    for (Node c : namedChildren(p))
      if (is(c, "identifier")) return c;
    return Node{};
  }
  if (is(p, "default_parameter") || is(p, "typed_default_parameter")) return field(p, "name");
  return Node{};
}

// A `@staticmethod` takes no `self`: its arguments do not shift by one.
static bool isStaticMethod(const FunctionInfo& fn, std::string_view source) {
  Node parent = parentOf(fn.node);
  if (!is(parent, "decorated_definition")) return false;
  for (Node d : namedChildren(parent))
    if (is(d, "decorator") && textOf(d, source) == "@staticmethod") return true;
  return false;
}

Node Bindings::scopeOf(Node n) const {
  Node fn = enclosingFunction(n);
  return isNull(fn) ? root_ : fn;
}

const FunctionInfo* Bindings::function(Node definition) const {
  auto it = functionByNode_.find(identity(definition));
  return it == functionByNode_.end() ? nullptr : &functions_[it->second];
}

std::vector<const FunctionInfo*> Bindings::methodsOf(Node cls) const {
  std::vector<const FunctionInfo*> out;
  for (const FunctionInfo& fn : functions_)
    if (sameNode(fn.ownerClass, cls)) out.push_back(&fn);
  return out;
}

void Bindings::addAssignment(Node node, Node scope) {
  Node left = field(node, "left");
  Node right = field(node, "right");
  if (isNull(right)) return;  // a bare annotation
  // `a = b = value`: every target gets the innermost value.
  Node value = right;
  while (is(value, "assignment")) value = field(value, "right");
  Node statement = enclosingStatement(node);
  auto add = [&](Node target, Node val, int index) {
    if (!is(target, "identifier") && !is(target, "attribute")) return;
    std::string_view name = textOf(target, source_);
    assignmentsTo_[name].push_back(assignments_.size());
    assignments_.push_back({std::string(name), target, val, index, statement, scope});
  };
  auto addTargets = [&](Node lhs) {
    if (is(lhs, "pattern_list") || is(lhs, "tuple_pattern") || is(lhs, "list_pattern")) {
      std::vector<Node> targets = namedChildren(lhs);
      // `a, b = x, y` pairs each target with its own value.
      std::vector<Node> values;
      if (is(value, "expression_list") || is(value, "tuple")) values = namedChildren(value);
      for (size_t i = 0; i < targets.size(); ++i) {
        if (values.size() == targets.size())
          add(targets[i], values[i], -1);
        else
          add(targets[i], value, static_cast<int>(i));
      }
    } else {
      add(lhs, value, -1);
    }
  };
  addTargets(left);
  for (Node r = right; is(r, "assignment"); r = field(r, "right")) addTargets(field(r, "left"));
}

void Bindings::collect(Node root, std::string_view source) {
  source_ = source;
  root_ = root;
  // Asked of a module at every name another file imports from it.
  for (Node item : namedChildren(root)) {
    Node def = is(item, "decorated_definition") ? field(item, "definition") : item;
    if (is(def, "class_definition") || is(def, "function_definition"))
      moduleDefinitions_.insert(textOf(field(def, "name"), source));
  }
  // Functions first, so call sites can name their callee.
  walkTypes(root, {"function_definition"}, [&](Node n) {
    FunctionInfo fn;
    fn.node = n;
    fn.name = std::string(textOf(field(n, "name"), source));
    fn.body = field(n, "body");
    Node parent = parentOf(n);
    if (is(parent, "decorated_definition")) parent = parentOf(parent);
    if (is(parent, "block") && is(parentOf(parent), "class_definition"))
      fn.ownerClass = parentOf(parent);
    for (Node p : namedChildren(field(n, "parameters"))) {
      Node name = parameterName(p);
      if (isNull(name)) continue;
      fn.params.emplace_back(textOf(name, source));
      fn.paramNodes.push_back(name);
    }
    bool moduleLevel = isNull(enclosingFunction(n)) && isNull(fn.ownerClass);
    functionByNode_[identity(n)] = functions_.size();
    if (moduleLevel) moduleFunctions_[fn.name] = functions_.size();
    functions_.push_back(std::move(fn));
  });

  std::vector<Node> onInstances;  // `x.fit(...)`: resolved once `x` can be traced
  walkTypes(root, {"assignment", "call"}, [&](Node n) {
    if (is(n, "assignment")) {
      addAssignment(n, scopeOf(n));
      return;
    }
    Node scope = scopeOf(n);
    Node callee = field(n, "function");
    Node args = field(n, "arguments");
    if (is(callee, "identifier")) {
      auto it = moduleFunctions_.find(std::string(textOf(callee, source)));
      if (const FunctionInfo* nested = nestedFunctionCalled(textOf(callee, source), n))
        callSites_.push_back({n, scope, nested, args, CallSite::Direct, {}});
      else if (it != moduleFunctions_.end())
        callSites_.push_back({n, scope, &functions_[it->second], args, CallSite::Direct, {}});
      else if (const FunctionInfo* init = constructorOf(textOf(callee, source)))
        callSites_.push_back({n, scope, init, args, CallSite::Construct, {}});
      return;
    }
    MethodCall mc;
    if (!asMethodCall(n, source, mc)) return;
    if (const FunctionInfo* method = selfMethodCalled(mc, scope)) {
      callSites_.push_back({n, scope, method, args, CallSite::Method, mc.receiver});
      return;
    }
    if (mc.method != "launch") {
      onInstances.push_back(n);
      return;
    }
    std::vector<Node> positional = positionalArguments(args);
    if (!positional.empty() && is(positional[0], "identifier")) {
      auto it = moduleFunctions_.find(std::string(textOf(positional[0], source)));
      if (it != moduleFunctions_.end())
        callSites_.push_back(
            {n, scope, &functions_[it->second], args, CallSite::Launch, mc.receiver});
    }
  });
  for (Node call : onInstances) {
    Node scope = scopeOf(call);
    MethodCall mc;
    asMethodCall(call, source, mc);
    if (const FunctionInfo* method = instanceMethodCalled(mc, scope))
      callSites_.push_back(
          {call, scope, method, field(call, "arguments"), CallSite::Method, mc.receiver});
  }
  for (size_t i = callSites_.size(); i-- > 0;) {
    if (callSites_[i].kind == CallSite::Direct) directCallOf_[identity(callSites_[i].call)] = i;
    callOf_[identity(callSites_[i].call)] = i;
  }
}

const FunctionInfo* Bindings::methodOfClass(std::string_view className,
                                            std::string_view method) const {
  for (const FunctionInfo& fn : functions_) {
    if (fn.name != method || isNull(fn.ownerClass)) continue;
    Node holder = parentOf(fn.ownerClass);
    if (is(holder, "decorated_definition")) holder = parentOf(holder);
    if (is(holder, "module") && textOf(field(fn.ownerClass, "name"), source_) == className)
      return &fn;
  }
  return nullptr;
}

// `x.fit(...)` where `x` was made as `Trainer(...)`, `Trainer` a class of
// this file: its `fit`, or null.
const FunctionInfo* Bindings::instanceMethodCalled(const MethodCall& mc, Node scope) const {
  Node made = mc.receiver;
  if (is(made, "identifier")) {
    Origin o = trace(made, scope);
    if (o.kind != Origin::Expression || o.index >= 0) return nullptr;
    made = o.expr;
  }
  if (!is(made, "call") || !is(field(made, "function"), "identifier")) return nullptr;
  const FunctionInfo* fn = methodOfClass(textOf(field(made, "function"), source_), mc.method);
  return fn && !isStaticMethod(*fn, source_) ? fn : nullptr;
}

std::vector<const CallSite*> Bindings::callersOf(const FunctionInfo* fn) const {
  std::vector<const CallSite*> out;
  for (const CallSite& site : callSites_)
    if (site.callee == fn) out.push_back(&site);
  return out;
}

const Assignment* Bindings::reaching(std::string_view target, Node scope, uint32_t offset,
                                     bool orLater) const {
  const Assignment* before = nullptr;
  const Assignment* after = nullptr;
  for (size_t i : assignmentsTo(target)) {
    const Assignment& a = assignments_[i];
    if (!sameNode(a.scope, scope)) continue;
    // A use inside the assignment itself (`model = setup(model)`) sees the
    // value from before it.
    if (endOf(a.statement) <= offset)
      before = &a;
    else if (orLater && startOf(a.statement) > offset)
      after = &a;
  }
  return before ? before : after;
}

// Whether a path from `statement` to `point` must leave through a return or
// raise first: a block around the statement, not around the point, always
// exits.
static bool exitsBefore(Node statement, Node point, std::string_view source) {
  for (Node p = parentOf(statement); !isNull(p) && !contains(p, point); p = parentOf(p))
    if (is(p, "block") && alwaysExits(p, source)) return true;
  return false;
}

// The last statement ahead of `point` in one of its enclosing blocks that
// binds `target` on every path through it (an assignment, an if/else or try
// whose every way assigns), or null.
static Node lastAssigningEveryPath(std::string_view target, Node scope, Node point,
                                   std::string_view source) {
  Node last{};
  for (Node block = parentOf(point); !isNull(block); block = parentOf(block)) {
    if (is(block, "block") || is(block, "module"))
      for (Node s : namedChildren(block)) {
        if (endOf(s) > startOf(point)) break;
        if (definitelyAssigns(s, target, source) && (isNull(last) || startOf(s) > startOf(last)))
          last = s;
      }
    if (sameNode(block, scope)) break;
  }
  return last;
}

ReachingAssignments Bindings::reachingAll(std::string_view target, Node scope, Node point) const {
  ReachingAssignments out;
  Node every = lastAssigningEveryPath(target, scope, point, source_);
  out.onEveryPath = !isNull(every);
  for (size_t i : assignmentsTo(target)) {
    const Assignment& a = assignments_[i];
    if (!sameNode(a.scope, scope) || endOf(a.statement) > startOf(point)) continue;
    // Hidden by one that runs on every path after it, or cut off by a return.
    if (!isNull(every) && endOf(a.statement) <= startOf(every)) continue;
    if (exitsBefore(a.statement, point, source_)) continue;
    out.assignments.push_back(&a);
  }
  return out;
}

ReachingAssignments Bindings::reachingName(Node expr, Node scope) const {
  if (!is(expr, "identifier")) return {};
  return reachingAll(textOf(expr, source_), scope, expr);
}

std::vector<Origin> Bindings::originsReaching(Node expr, Node scope) const {
  std::vector<Origin> out;
  for (const Assignment* a : reachingName(expr, scope).assignments)
    out.push_back(a->index >= 0 ? Origin{Origin::Expression, a->value, a->scope, a->index}
                                : trace(a->value, a->scope));
  if (out.empty()) out.push_back(trace(expr, scope));
  return out;
}

Node Bindings::returnedValue(const FunctionInfo* fn) const {
  std::vector<Node> values = returnedValues(fn);
  return values.empty() ? Node{} : values.front();
}

std::vector<Node> Bindings::returnedValues(const FunctionInfo* fn) const {
  std::vector<Node> values;
  // A scan of the body's return statements, asked for at every call of a
  // helper: those of a nested function or class are not the function's.
  walkTypes(fn->body, {"return_statement"}, [&](Node n) {
    if (!sameNode(enclosingFunction(n), fn->node) || namedChildCount(n) != 1) return;
    for (Node up = parentOf(n); !isNull(up) && !sameNode(up, fn->body); up = parentOf(up))
      if (is(up, "class_definition")) return;
    values.push_back(namedChild(n, 0));
  });
  return values;
}

bool Bindings::definesName(std::string_view name) const {
  if (moduleDefinitions_.count(name) != 0) return true;
  for (size_t i : assignmentsTo(name))
    if (sameNode(assignments_[i].scope, root_)) return true;
  return false;
}

const FunctionInfo* Bindings::nestedFunctionCalled(std::string_view name, Node call) const {
  // The innermost function of that name defined in a function around the call.
  const FunctionInfo* best = nullptr;
  for (const FunctionInfo& fn : functions_) {
    Node outer = enclosingFunction(fn.node);
    if (fn.name != name || isNull(outer) || !isNull(fn.ownerClass) || !contains(outer, call))
      continue;
    if (!best || contains(enclosingFunction(best->node), outer)) best = &fn;
  }
  return best;
}

const FunctionInfo* Bindings::constructorOf(std::string_view className) const {
  for (const FunctionInfo& fn : functions_)
    if (fn.name == "__init__" && !isNull(fn.ownerClass) &&
        textOf(field(fn.ownerClass, "name"), source_) == className &&
        is(parentOf(fn.ownerClass), "module"))
      return &fn;
  return nullptr;
}

const FunctionInfo* Bindings::selfMethodCalled(const MethodCall& mc, Node scope) const {
  const FunctionInfo* caller = function(scope);
  if (!caller || isNull(caller->ownerClass) || caller->params.empty() ||
      isStaticMethod(*caller, source_) || !is(mc.receiver, "identifier") ||
      textOf(mc.receiver, source_) != caller->params[0])
    return nullptr;
  for (const FunctionInfo* method : methodsOf(caller->ownerClass))
    if (method->name == mc.method && !isStaticMethod(*method, source_)) return method;
  return nullptr;
}

const FunctionInfo* Bindings::calledFunction(Node call) const {
  auto it = directCallOf_.find(identity(call));
  return it == directCallOf_.end() ? nullptr : callSites_[it->second].callee;
}

const FunctionInfo* Bindings::functionRunBy(Node call) const {
  auto it = callOf_.find(identity(call));
  return it == callOf_.end() ? nullptr : callSites_[it->second].callee;
}

const std::vector<size_t>& Bindings::assignmentsTo(std::string_view target) const {
  static const std::vector<size_t> none;
  auto it = assignmentsTo_.find(target);
  return it == assignmentsTo_.end() ? none : it->second;
}

Node Bindings::argumentFor(const CallSite& site, int param) const {
  const FunctionInfo* fn = site.callee;
  if (param < 0 || param >= static_cast<int>(fn->params.size())) return Node{};
  // The launcher's Fabric is the first parameter of a launched function;
  // `self` of a constructor has no argument.
  if (param == 0 && site.kind == CallSite::Launch) return site.receiver;
  if (param == 0 && (site.kind == CallSite::Construct || site.kind == CallSite::Method))
    return Node{};
  Node kw = keywordArgument(site.arguments, fn->params[param], source_);
  if (!isNull(kw)) return kw;
  std::vector<Node> positional = positionalArguments(site.arguments);
  // Launch: the first positional is the function itself, so they line up.
  bool bound = site.kind == CallSite::Construct || site.kind == CallSite::Method;
  size_t index = static_cast<size_t>(bound ? param - 1 : param);
  if (index < positional.size()) return positional[index];
  return Node{};
}

Origin Bindings::trace(Node expr, Node scope) const { return traceFrom(expr, scope, 0); }

Origin Bindings::traceFrom(Node expr, Node scope, int depth) const {
  Origin unknown;
  if (isNull(expr) || depth > kMaxTraceDepth) return unknown;
  if (is(expr, "parenthesized_expression")) {
    std::vector<Node> inner = namedChildren(expr);
    return inner.size() == 1 ? traceFrom(inner[0], scope, depth + 1) : unknown;
  }
  bool name = is(expr, "identifier");
  bool selfAttribute = isSelfAttribute(expr, source_);
  if (!name && !selfAttribute) return {Origin::Expression, expr, scope};

  std::string target(textOf(expr, source_));
  auto follow = [&](const Assignment& a) -> Origin {
    if (a.index >= 0) return {Origin::Expression, a.value, a.scope, a.index};
    if (sameNode(a.value, expr)) return unknown;
    return traceFrom(a.value, a.scope, depth + 1);
  };

  if (selfAttribute) {
    // `self.x` is whatever any method of the class assigns to it (also when
    // read in a function nested in a method).
    const FunctionInfo* fn = function(scope);
    while (fn && isNull(fn->ownerClass)) fn = function(scopeOf(fn->node));
    if (!fn) return unknown;
    // Read in the method that assigns it: the assignment reaching the read
    // (`self.model = model`, then `self.model = fabric.setup(self.model)`).
    if (const Assignment* a = reaching(target, scope, startOf(expr), false)) return follow(*a);
    // Read in another method: what the assigning method leaves it bound to;
    // not a `None` placeholder (`self.trainer = None` in `__init__`) when
    // another method binds a value.
    const Assignment* placeholder = nullptr;
    for (const FunctionInfo* method : methodsOf(fn->ownerClass))
      if (const Assignment* a = reaching(target, method->node, endOf(method->node), false)) {
        if (a->index < 0 && is(a->value, "none")) {
          if (!placeholder) placeholder = a;
          continue;
        }
        return follow(*a);
      }
    return placeholder ? follow(*placeholder) : unknown;
  }

  auto parameter = [&](const FunctionInfo* fn, Node fnScope) -> std::optional<Origin> {
    int index = fn ? fn->paramIndex(target) : -1;
    if (index < 0) return std::nullopt;
    Origin o;
    o.kind = Origin::Parameter;
    o.function = fn;
    o.param = index;
    o.scope = fnScope;
    return o;
  };
  if (!sameNode(scope, root_)) {
    if (const Assignment* a = reaching(target, scope, startOf(expr), false)) return follow(*a);
    if (auto p = parameter(function(scope), scope)) return *p;
    // Not local: a variable or parameter of an enclosing function, or a
    // module global, which may well be assigned after the function is defined.
    for (Node outer = scopeOf(scope);; outer = scopeOf(outer)) {
      if (const Assignment* a = reaching(target, outer, startOf(expr), true)) return follow(*a);
      if (sameNode(outer, root_)) return unknown;
      if (auto p = parameter(function(outer), outer)) return *p;
    }
  }
  if (const Assignment* a = reaching(target, root_, startOf(expr), false)) return follow(*a);
  return unknown;
}

}  // namespace lightfix
