#pragma once
// Scopes of one file: its functions, what each name is assigned, and the
// calls between functions (direct calls and `fabric.launch(fn)`), so that a
// value can be traced back to the expression that made it.

#include "python/node.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "python/node.h"
#include "semantics/imports.h"

namespace lightfix {

// A parameter's name (`x`, `x: int`, `x=1`, `x: int = 1`), or null for
// `*args`, `**kwargs` and the bare `*`.
Node parameterName(Node parameter);

struct FunctionInfo {
  Node node{};  // function_definition
  std::string name;
  Node body{};
  Node ownerClass{};  // class_definition for a method, else null
  std::vector<std::string> params;
  std::vector<Node> paramNodes;

  int paramIndex(std::string_view param) const;
};

struct Assignment {
  std::string target;  // "fabric", "self.fabric"
  Node targetNode{};
  Node value{};      // the right-hand side
  int index = -1;    // the slot of a tuple target, -1 for a single target
  Node statement{};  // the expression_statement holding it
  Node scope{};      // function_definition, or the module
};

// A call that runs a function: `train(fabric, model)`; `fabric.launch(train,
// model)`, where the function's first parameter receives the Fabric;
// `Loop(fabric)`, which runs `Loop.__init__` with `self` first; or
// `self.step(model, batch)` in a method, or `Trainer().fit(model)`, which
// run the class's own method.
// The assignments that may reach a point, pyright's code flow read off the
// syntax tree: the last one that runs whenever the point does, and the later
// ones that run only on some paths (an `if`/`else`, a `try` handler). A
// branch that always returns or raises reaches nothing after it.
struct ReachingAssignments {
  std::vector<const Assignment*> assignments;  // in document order
  // Whether one of them runs on every path; else some path carries the value
  // from before (a parameter, a global) or none.
  bool onEveryPath = false;
};

struct CallSite {
  enum Kind { Direct, Launch, Construct, Method };
  Node call{};
  Node scope{};
  const FunctionInfo* callee = nullptr;
  Node arguments{};
  Kind kind = Direct;
  Node receiver{};  // of `.launch` or of the method called; else null
};

// Where a value comes from: the expression that made it, or a parameter.
struct Origin {
  enum Kind { Unknown, Expression, Parameter } kind = Unknown;
  Node expr{};                             // for Expression
  Node scope{};                            // the scope expr is evaluated in
  int index = -1;                          // tuple slot of expr, when unpacked
  const FunctionInfo* function = nullptr;  // for Parameter
  int param = -1;
};

class Bindings {
 public:
  void collect(Node root, std::string_view source);

  Node module() const { return root_; }
  // The function or module a node is evaluated in.
  Node scopeOf(Node n) const;
  const FunctionInfo* function(Node definition) const;
  const std::vector<FunctionInfo>& functions() const { return functions_; }
  const std::vector<Assignment>& assignments() const { return assignments_; }
  const std::vector<CallSite>& callSites() const { return callSites_; }
  std::vector<const CallSite*> callersOf(const FunctionInfo* fn) const;
  // Methods of a class, in order.
  std::vector<const FunctionInfo*> methodsOf(Node classDefinition) const;

  // The assignment to `target` in `scope` that reaches `offset`: the last one
  // before it, else, with orLater, the last one after it (for a global read
  // by a function that runs once the module is done).
  const Assignment* reaching(std::string_view target, Node scope, uint32_t offset,
                             bool orLater) const;

  // Every assignment to `target` in `scope` that may reach `point`.
  ReachingAssignments reachingAll(std::string_view target, Node scope, Node point) const;
  // The same for an expression read at its own place: the assignments to a
  // name that may reach it; none for anything else.
  ReachingAssignments reachingName(Node expr, Node scope) const;
  // Where the value of `expr` may come from: for a name assigned in `scope`
  // on several paths, each path's origin; else the one trace() finds.
  std::vector<Origin> originsReaching(Node expr, Node scope) const;

  // Follows names through assignments (and `self.x` through the class's
  // methods) to the expression that made the value.
  Origin trace(Node expr, Node scope) const;

  // The value a function returns (its first `return x`), or null.
  Node returnedValue(const FunctionInfo* fn) const;
  // Every value it returns (`return x` on each path), in order.
  std::vector<Node> returnedValues(const FunctionInfo* fn) const;
  // Whether the module binds `name` at its top level (a def, a class, an
  // assignment).
  bool definesName(std::string_view name) const;
  // Whether a `def` or `class` at module level is named so.
  bool definesFunctionOrClass(std::string_view name) const {
    return moduleDefinitions_.count(name) != 0;
  }
  // A function nested in an enclosing function of `call`, named `name`.
  const FunctionInfo* nestedFunctionCalled(std::string_view name, Node call) const;
  // The class's own method that `self.name(...)`, called in a method of
  // the class, runs; or null.
  const FunctionInfo* selfMethodCalled(const MethodCall& mc, Node scope) const;
  // The method `method` of the module-level class `className` of this file
  // (decorated or not), or null.
  const FunctionInfo* methodOfClass(std::string_view className, std::string_view method) const;
  // The method `x.name(...)` runs where `x` was made as `Class(...)`, a
  // module-level class of this file; or null.
  const FunctionInfo* instanceMethodCalled(const MethodCall& mc, Node scope) const;
  // The `__init__` of a module-level class of this file, or null.
  const FunctionInfo* constructorOf(std::string_view className) const;
  // For a call of a function of this file, that function; else null.
  const FunctionInfo* calledFunction(Node call) const;
  // The function of the file any call runs: a direct call, a method of the
  // file's class (`self.judge(x)`), a constructor, a launched function.
  const FunctionInfo* functionRunBy(Node call) const;

  // The argument a call site passes for a parameter, or null.
  Node argumentFor(const CallSite& site, int param) const;
  // Where `assignments()` assigns `target` ("fabric", "self.fabric"), in
  // document order: indexed, so that a file of many assignments is not
  // searched in quadratic time.
  const std::vector<size_t>& assignmentsTo(std::string_view target) const;

 private:
  Origin traceFrom(Node expr, Node scope, int depth) const;
  void addAssignment(Node assignment, Node scope);

  std::string_view source_;
  Node root_{};
  std::vector<FunctionInfo> functions_;
  std::unordered_map<const void*, size_t> functionByNode_;
  std::unordered_map<std::string, size_t> moduleFunctions_;
  std::vector<Assignment> assignments_;
  std::vector<CallSite> callSites_;
  // By the target's text, a view into the source: a lookup allocates nothing.
  std::unordered_map<std::string_view, std::vector<size_t>> assignmentsTo_;  // in document order
  // The names of the classes and functions defined at module level.
  std::unordered_set<std::string_view> moduleDefinitions_;
  std::unordered_map<const void*, size_t> directCallOf_;  // by call node
  std::unordered_map<const void*, size_t> callOf_;        // every kind
};

}  // namespace lightfix
