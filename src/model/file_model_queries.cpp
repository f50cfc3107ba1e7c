// The queries over a linked file model: which Fabrics an expression holds,
// which set-up result it holds, and which set-ups ran before a point, through
// branches, helpers and other files' callers. The facts they read are
// collected in file_model.cpp.

#include <algorithm>

#include "core/budgets.h"
#include "core/source_file.h"
#include "model/constant_fold.h"
#include "model/file_model.h"
#include "model/project_index.h"
#include "python/flow.h"
#include "python/node.h"

namespace lightfix {

std::vector<const FabricInstance*> FileModel::fabricsOf(Node expr, Node scope) const {
  std::vector<const FabricInstance*> out;
  fabricsOf(expr, scope, 0, out);
  return out;
}

void FileModel::fabricsOf(Node expr, Node scope, int depth,
                          std::vector<const FabricInstance*>& out) const {
  if (depth > kMaxCallDepth) return;
  // `fabric = Fabric(strategy=ds)` in one branch, `Fabric(strategy="ddp")`
  // in the other: either.
  ReachingAssignments reaching;
  if (is(expr, "identifier") || is(expr, "attribute"))  // `fabric`, `self.fabric`
    reaching = bindings_.reachingAll(textOf(expr, source_), scope, expr);
  if (reaching.assignments.size() > 1) {
    for (const Assignment* a : reaching.assignments)
      if (a->index < 0) fabricsOf(a->value, a->scope, depth + 1, out);
    return;
  }
  Origin o = bindings_.trace(expr, scope);
  if (o.kind == Origin::Expression && o.index < 0 && isFabricConstruction(o.expr)) {
    for (const FabricInstance& f : fabrics_)
      if (sameNode(f.construction, o.expr) && std::find(out.begin(), out.end(), &f) == out.end())
        out.push_back(&f);
    return;
  }
  if (o.kind == Origin::Expression && o.index < 0 && is(o.expr, "call")) {
    // `fabric = make_fabric(args)`: the Fabric the helper returns.
    auto [file, helper] = functionCalled(o.expr, Runs::Direct);
    Node returned = helper ? file->bindings().returnedValue(helper) : Node{};
    if (!isNull(returned)) file->fabricsOf(returned, helper->node, depth + 1, out);
    return;
  }
  if (o.kind != Origin::Parameter) return;
  // `self` in a method of a Fabric subclass (LightningLite style): every
  // instance the project makes of that class, or of a subclass of it.
  if (o.param == 0 && !isNull(o.function->ownerClass)) {
    std::string cls(textOf(field(o.function->ownerClass, "name"), source_));
    if (isFabricSubclass(cls)) {
      auto add = [&](const FileModel& m) {
        for (const FabricInstance& f : m.fabrics_)
          if (f.className == cls && f.classPath == file_.path() &&
              std::find(out.begin(), out.end(), &f) == out.end())
            out.push_back(&f);
      };
      add(*this);
      // Other files only: this file's own earlier parse (a fix round) is in
      // the index too.
      if (index_)
        for (const FileModel* m : index_->files())
          if (m->file().path() != file_.path()) add(*m);
      return;
    }
  }
  size_t fromCallers = out.size();
  for (const CallSite* site : bindings_.callersOf(o.function)) {
    Node arg = bindings_.argumentFor(*site, o.param);
    if (!isNull(arg)) fabricsOf(arg, site->scope, depth + 1, out);
  }
  for (const ForeignCall* call : foreignCallers(o.function)) {
    Node arg = call->model->bindings().argumentFor(call->site, o.param);
    if (!isNull(arg)) call->model->fabricsOf(arg, call->site.scope, depth + 1, out);
  }
  // No caller here passes one: the Fabric its annotation promises (kept
  // only in a migration).
  if (out.size() == fromCallers)
    for (const FabricInstance& f : fabrics_)
      if (sameNode(f.construction,
                   parentOf(o.function->paramNodes[static_cast<size_t>(o.param)])) &&
          std::find(out.begin(), out.end(), &f) == out.end())
        out.push_back(&f);
}

std::optional<SetupResult> FileModel::setupResultOf(Node expr, Node scope) const {
  return setupResultOf(expr, scope, 0);
}

const SetupCall* FileModel::setupOfModel(Node expr, Node scope) const {
  std::optional<SetupResult> result = setupResultOf(expr, scope, 0);
  return result && result->isModel() ? result->setup : nullptr;
}

const SetupCall* FileModel::setupOfOptimizer(Node expr, Node scope) const {
  std::optional<SetupResult> result = setupResultOf(expr, scope, 0);
  return result && !result->isModel() ? result->setup : nullptr;
}

bool FileModel::hasDeepSpeedSetup() const {
  return std::any_of(setups_.begin(), setups_.end(),
                     [](const SetupCall& s) { return s.fabric->strategy.deepSpeed(); });
}

std::optional<SetupResult> FileModel::setupResultOf(Node expr, Node scope, int depth) const {
  if (depth > kMaxCallDepth) return std::nullopt;
  Origin o = bindings_.trace(expr, scope);
  if (o.kind == Origin::Expression) {
    for (const SetupCall& s : setups_)
      if (sameNode(s.call, o.expr)) return SetupResult{&s, o.index < 0 ? 0 : size_t(o.index)};
    return std::nullopt;
  }
  if (o.kind != Origin::Parameter) return std::nullopt;
  // Follow the first caller that passes something for the parameter.
  for (const CallSite* site : bindings_.callersOf(o.function)) {
    Node arg = bindings_.argumentFor(*site, o.param);
    if (!isNull(arg)) return setupResultOf(arg, site->scope, depth + 1);
  }
  for (const ForeignCall* call : foreignCallers(o.function)) {
    Node arg = call->model->bindings().argumentFor(call->site, o.param);
    if (!isNull(arg)) return call->model->setupResultOf(arg, call->site.scope, depth + 1);
  }
  return std::nullopt;
}

// A set-up reached through two helpers still ran once (repeated if either
// way repeats it).
static SetupRuns distinct(SetupRuns runs) {
  std::sort(runs.begin(), runs.end(),
            [](const SetupRun& a, const SetupRun& b) { return a.setup < b.setup; });
  SetupRuns out;
  for (const SetupRun& r : runs) {
    if (!out.empty() && out.back().setup == r.setup)
      out.back().repeated = out.back().repeated || r.repeated;
    else
      out.push_back(r);
  }
  return out;
}

std::vector<SetupRuns> FileModel::setupsBefore(Node point, Node receiver,
                                               const FabricInstance* fabric,
                                               Counted counted) const {
  std::vector<SetupRuns> out;
  setupsBefore(point, bindings_.scopeOf(point), receiver, {fabric, counted}, 0, {}, out);
  return out;
}

bool FileModel::everyBranchSetsUp(Node ifStatement, const FabricInstance* fabric) const {
  std::vector<Node> branches{field(ifStatement, "consequence")};
  bool hasElse = false;
  for (Node alt : namedChildren(ifStatement)) {
    if (is(alt, "elif_clause") || is(alt, "else_clause")) branches.push_back(alt);
    hasElse = hasElse || is(alt, "else_clause");
  }
  if (!hasElse) return false;
  return std::all_of(branches.begin(), branches.end(), [&](Node branch) {
    return std::any_of(setups_.begin(), setups_.end(), [&](const SetupCall& s) {
      return sameFabric(s.fabric, fabric) && contains(branch, s.call);
    });
  });
}

// Whether `setup` ran before `point`: always, or — when counting every
// set-up that may have run — at all. An if whose every branch sets up on
// the Fabric is as good as no if.
bool FileModel::ranBefore(const SetupCall& setup, Node point, const SetupQuery& query) const {
  if (endOf(setup.call) > startOf(point)) return false;
  // A branch the program's constants decide (`if fabric.world_size > 1:`
  // with `devices=1`) is taken or skipped on every run.
  Node common = parentOf(setup.call);
  while (!isNull(common) && !contains(common, point)) common = parentOf(common);
  std::optional<bool> folded = branchesRun(setup.call, common, *this, {true}, LoopBodies::Run);
  if (folded == false) return false;
  if (query.counted == Counted::MayHaveRun || folded == true) return true;
  for (Node p = parentOf(setup.call); !isNull(p); p = parentOf(p)) {
    if (contains(p, point)) return true;
    bool branch = is(p, "elif_clause") || is(p, "else_clause") ||
                  (is(p, "block") && is(parentOf(p), "if_statement"));
    if (branch) {
      if (!everyBranchSetsUp(parentOf(p), query.fabric)) return false;
      p = parentOf(p);
    } else if (makesConditional(p)) {
      return false;
    }
  }
  return false;
}

void FileModel::setupsInside(const FunctionInfo* fn, const SetupQuery& query, int depth,
                             bool repeated, SetupRuns& out) const {
  if (depth > kMaxCallDepth) return;
  bool always = query.counted == Counted::AlwaysRun;
  for (const SetupCall& s : setups_)
    if (sameFabric(s.fabric, query.fabric) && sameNode(s.scope, fn->node) &&
        (!always || runsWhenever(s.call, fn->node))) {
      // A helper making its Fabric itself sets up a new one on each call.
      bool fresh = s.fabric->file == &file_ && sameNode(s.fabric->scope, fn->node);
      out.push_back({&s, (repeated && !fresh) || s.inLoop});
    }
  for (const CallSite& site : bindings_.callSites())
    if (sameNode(site.scope, fn->node) && site.callee != fn &&
        (!always || runsWhenever(site.call, fn->node)))
      setupsInside(site.callee, query, depth + 1, repeated || insideLoop(site.call), out);
  setupsInForeignCallees(fn->node, Node{}, query, depth, repeated, out);
}

// Helpers of other files called in `scope` (before `point`, when given).
void FileModel::setupsInForeignCallees(Node scope, Node point, const SetupQuery& query, int depth,
                                       bool repeated, SetupRuns& out) const {
  if (!index_) return;
  bool always = query.counted == Counted::AlwaysRun;
  walk(sameNode(scope, root_) ? scope : field(scope, "body"), [&](Node n) {
    if (is(n, "function_definition") || is(n, "class_definition")) return false;
    if (!is(n, "call")) return true;
    if (!isNull(point) && (endOf(n) > startOf(point) || (always && !runsBefore(n, point))))
      return true;
    if (isNull(point) && always && !runsWhenever(n, scope)) return true;
    auto [model, fn] = index_->callee(*this, n);
    if (fn) model->setupsInside(fn, query, depth + 1, repeated || insideLoop(n), out);
    return true;
  });
}

void FileModel::setupsBefore(Node point, Node scope, Node receiver, const SetupQuery& query,
                             int depth, SetupRuns prefix, std::vector<SetupRuns>& out) const {
  if (out.size() >= kMaxWays) return;
  bool always = query.counted == Counted::AlwaysRun;
  SetupRuns local = std::move(prefix);
  for (const SetupCall& s : setups_)
    if (sameFabric(s.fabric, query.fabric) && sameNode(s.scope, scope) &&
        ranBefore(s, point, query))
      local.push_back({&s, s.inLoop});
  // Helpers called before the point that set up on this Fabric.
  for (const CallSite& site : bindings_.callSites())
    if (sameNode(site.scope, scope) && endOf(site.call) <= startOf(point) &&
        (!always || runsBefore(site.call, point)))
      setupsInside(site.callee, query, depth + 1, insideLoop(site.call), local);
  setupsInForeignCallees(scope, point, query, depth, false, local);

  const FunctionInfo* fn = bindings_.function(scope);
  if (!fn) {
    out.push_back(distinct(std::move(local)));
    return;
  }
  // Methods share `self`: a set-up in any other method of the class counts.
  if (!isNull(fn->ownerClass))
    for (const FunctionInfo* method : bindings_.methodsOf(fn->ownerClass))
      if (method != fn) setupsInside(method, query, depth + 1, false, local);

  // The ways in: callers that pass this Fabric, when it came in as a
  // parameter; every caller otherwise.
  Origin origin = isNull(receiver) ? Origin{} : bindings_.trace(receiver, scope);
  bool viaParameter = origin.kind == Origin::Parameter && origin.function == fn;
  struct Way {
    const FileModel* model;
    const CallSite* site;
    Node receiver;
  };
  std::vector<Way> ways;
  auto consider = [&](const FileModel* model, const CallSite* site) {
    if (!viaParameter) {
      ways.push_back({model, site, Node{}});
      return;
    }
    Node arg = model->bindings().argumentFor(*site, origin.param);
    if (isNull(arg)) return;
    auto passed = model->fabricsOf(arg, site->scope);
    if (std::any_of(passed.begin(), passed.end(),
                    [&](const FabricInstance* f) { return sameFabric(f, query.fabric); }))
      ways.push_back({model, site, arg});
  };
  for (const CallSite* site : bindings_.callersOf(fn)) consider(this, site);
  for (const ForeignCall* call : foreignCallers(fn)) consider(call->model, &call->site);
  if (ways.empty() || depth > kMaxCallDepth) {
    // Called from elsewhere: module-level set-ups have run by then.
    for (const SetupCall& s : setups_)
      if (sameFabric(s.fabric, query.fabric) && sameNode(s.scope, root_))
        local.push_back({&s, s.inLoop});
    out.push_back(distinct(std::move(local)));
    return;
  }
  for (const Way& way : ways)
    way.model->setupsBefore(way.site->call, way.site->scope, way.receiver, query, depth + 1, local,
                            out);
}

}  // namespace lightfix
