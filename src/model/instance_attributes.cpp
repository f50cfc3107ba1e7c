#include "model/instance_attributes.h"

#include <optional>
#include <string>
#include <vector>

#include "core/source_file.h"
#include "model/file_model.h"
#include "model/project_classes.h"
#include "semantics/bindings.h"

namespace lightfix {

namespace {

// `@dataclass`, `@dataclasses.dataclass(frozen=True)`.
bool isDataclass(const FileModel& file, Node cls) {
  Node decorated = parentOf(cls);
  if (!is(decorated, "decorated_definition")) return false;
  for (Node decorator : namedChildren(decorated)) {
    if (!is(decorator, "decorator")) continue;
    Node expr = namedChild(decorator, 0);
    if (is(expr, "call")) expr = field(expr, "function");
    auto q = file.imports().qualify(expr, file.file().text());
    if (q && *q == "dataclasses.dataclass") return true;
  }
  return false;
}

// The annotated assignments of a class body (`lr: float = 1e-3`), in order:
// a dataclass's fields, `ClassVar`s aside.
std::vector<Node> dataclassFields(const FileModel& file, Node cls) {
  std::vector<Node> fields;
  for (Node statement : namedChildren(field(cls, "body"))) {
    Node a = is(statement, "expression_statement") ? namedChild(statement, 0) : Node{};
    if (!is(a, "assignment") || isNull(field(a, "type")) || !is(field(a, "left"), "identifier"))
      continue;
    if (textOf(field(a, "type"), file.file().text()).find("ClassVar") != std::string_view::npos)
      continue;
    fields.push_back(a);
  }
  return fields;
}

// The assignments `self.name = ...` in the methods of the class.
std::vector<const Assignment*> selfAssignments(const FileModel& file, Node cls,
                                               std::string_view name) {
  const Bindings& bindings = file.bindings();
  std::vector<const Assignment*> out;
  for (size_t i : bindings.assignmentsTo("self." + std::string(name))) {
    const Assignment& a = bindings.assignments()[i];
    const FunctionInfo* fn = bindings.function(a.scope);
    if (fn && sameNode(fn->ownerClass, cls)) out.push_back(&a);
  }
  return out;
}

// Whether a base of the class that is a class of the project sets
// `self.name` in a method (its `__init__` run by `super().__init__()`).
bool aBaseSets(const FileModel& file, Node cls, std::string_view name) {
  for (Node base : namedChildren(field(cls, "superclasses")))
    if (std::optional<ProjectClass> b = projectClassOf(file, base);
        b && !selfAssignments(*b->file, b->node, name).empty())
      return true;
  return false;
}

// The argument a construction passes for the parameter at `position` (of
// those after `self`) named `name`, or null.
Node passed(Node construction, int position, std::string_view name, std::string_view source) {
  Node arguments = field(construction, "arguments");
  if (Node keyword = keywordArgument(arguments, name, source); !isNull(keyword)) return keyword;
  std::vector<Node> positional = positionalArguments(arguments);
  if (position >= 0 && static_cast<size_t>(position) < positional.size())
    return positional[position];
  return Node{};
}

InstanceAttribute dataclassValue(const ProjectClass& cls, std::string_view name, Node construction,
                                 Node callerScope, const FileModel& caller) {
  const FileModel& file = *cls.file;
  std::string_view text = file.file().text();
  // `__post_init__` may set it anew.
  if (!selfAssignments(file, cls.node, name).empty()) return {};
  std::vector<Node> fields = dataclassFields(file, cls.node);
  for (size_t i = 0; i < fields.size(); ++i) {
    if (textOf(field(fields[i], "left"), text) != name) continue;
    // A base's fields come first: then only keywords are read.
    int position = namedChildCount(field(cls.node, "superclasses")) == 0 ? static_cast<int>(i) : -1;
    Node given = passed(construction, position, name, caller.file().text());
    if (!isNull(given)) return {&caller, given, callerScope};
    Node fallback = field(fields[i], "right");
    // `field(default_factory=list)`: built at run time.
    if (isNull(fallback) || is(fallback, "call")) return {};
    return {&file, fallback, file.bindings().module()};
  }
  return {};
}

// The value `__init__`'s parameter `param` gets from a construction: as
// passed, else its default; null when neither is known.
InstanceAttribute parameterValue(const FunctionInfo& init, int param, Node construction,
                                 Node callerScope, const FileModel& caller, const FileModel& file) {
  Node node = parentOf(init.paramNodes[param]);
  if (!is(node, "parameters") && !is(node, "default_parameter") && !is(node, "typed_parameter") &&
      !is(node, "typed_default_parameter"))
    return {};
  // Passed by position unless a `*args` or a bare `*` comes before it.
  int position = param - 1;
  for (Node before : namedChildren(field(init.node, "parameters"))) {
    if (startOf(before) >= startOf(node)) break;
    if (is(before, "list_splat_pattern") || is(before, "keyword_separator")) position = -1;
  }
  Node given = passed(construction, position, init.params[param], caller.file().text());
  if (!isNull(given)) return {&caller, given, callerScope};
  Node fallback = field(node, "value");
  if (!is(node, "default_parameter") && !is(node, "typed_default_parameter")) return {};
  return {&file, fallback, file.bindings().module()};
}

InstanceAttribute initValue(const ProjectClass& cls, std::string_view name, Node construction,
                            Node callerScope, const FileModel& caller) {
  const FileModel& file = *cls.file;
  const Bindings& bindings = file.bindings();
  std::string_view text = file.file().text();
  std::vector<const Assignment*> assigned = selfAssignments(file, cls.node, name);
  if (assigned.empty()) {
    // A class attribute no method of the class or its bases assigns on `self`.
    if (aBaseSets(file, cls.node, name)) return {};
    for (Node statement : namedChildren(field(cls.node, "body"))) {
      Node a = is(statement, "expression_statement") ? namedChild(statement, 0) : Node{};
      if (is(a, "assignment") && textOf(field(a, "left"), text) == name &&
          !isNull(field(a, "right")))
        return {&file, field(a, "right"), bindings.module()};
    }
    return {};
  }
  const Assignment* only = assigned.front();
  const FunctionInfo* init = assigned.size() == 1 ? bindings.function(only->scope) : nullptr;
  if (!init || init->name != "__init__" || only->index >= 0 ||
      !sameNode(parentOf(only->statement), init->body) ||
      hasSplat(field(construction, "arguments")))
    return {};
  // `self.precision = precision`: the parameter, unless `__init__` binds it again.
  if (is(only->value, "identifier")) {
    std::string_view param = textOf(only->value, text);
    int index = init->paramIndex(param);
    if (index > 0) {
      for (size_t i : bindings.assignmentsTo(param))
        if (sameNode(bindings.assignments()[i].scope, init->node)) return {};
      return parameterValue(*init, index, construction, callerScope, caller, file);
    }
  }
  return {&file, only->value, init->node};
}

// Whether the object `name` holds may have changed between its binding and
// `read`: handed to a call (`update(cfg, args)`, `setattr(cfg, ...)`), a
// method of it run (`cfg.merge_from_file(...)`), or an attribute of it set.
bool touchedBefore(std::string_view name, Node binding, Node read, Node scope,
                   std::string_view source) {
  bool touched = false;
  walk(scope, [&](Node n) {
    if (touched || startOf(n) >= startOf(read)) return false;
    if (endOf(n) <= endOf(binding) || !is(n, "identifier") || textOf(n, source) != name)
      return true;
    Node parent = parentOf(n);
    if (is(parent, "argument_list") ||
        (is(parent, "keyword_argument") && sameNode(field(parent, "value"), n)))
      touched = true;
    if (is(parent, "attribute") && sameNode(field(parent, "object"), n)) {
      Node user = parentOf(parent);
      bool called = is(user, "call") && sameNode(field(user, "function"), parent);
      bool assigned = (is(user, "assignment") || is(user, "augmented_assignment")) &&
                      sameNode(field(user, "left"), parent);
      touched = called || assigned;
    }
    return !touched;
  });
  return touched;
}

}  // namespace

InstanceAttribute instanceAttribute(Node expr, Node scope, const FileModel& model) {
  if (!is(expr, "attribute")) return {};
  Node object = field(expr, "object");
  if (!is(object, "identifier")) return {};
  Origin o = model.bindings().trace(object, scope);
  if (o.kind != Origin::Expression || o.index >= 0 || !is(o.expr, "call") ||
      !sameNode(o.scope, scope) ||
      touchedBefore(textOf(object, model.file().text()), o.expr, expr, scope, model.file().text()))
    return {};
  std::optional<ProjectClass> cls = projectClassOf(model, field(o.expr, "function"));
  if (!cls) return {};
  std::string_view name = textOf(field(expr, "attribute"), model.file().text());
  if (isDataclass(*cls->file, cls->node)) {
    if (hasSplat(field(o.expr, "arguments"))) return {};
    return dataclassValue(*cls, name, o.expr, o.scope, model);
  }
  return initValue(*cls, name, o.expr, o.scope, model);
}

}  // namespace lightfix
