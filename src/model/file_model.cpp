// The Lightning facts of one file: its Fabrics, Trainers, set-ups and
// LightningModules, collected over the file's imports and bindings and
// linked across the project's files (link). What is asked of them is in
// file_model_queries.cpp.

#include "model/file_model.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "core/budgets.h"
#include "core/source_file.h"
#include "model/constant_fold.h"
#include "model/dict_values.h"
#include "model/installed_classes.h"
#include "model/lightning_classes.h"
#include "model/project_index.h"
#include "python/flow.h"
#include "python/node.h"
#include "python/syntax_tree.h"

namespace lightfix {

FileModel::FileModel(const SourceFile& file, const SyntaxTree& tree, ModelOptions options)
    : file_(file),
      source_(file.text()),
      root_(tree.root()),
      nodes_(&tree.table()),
      options_(options) {
  imports_.collect(root_, source_);
  bindings_.collect(root_, source_);
  for (const std::string& module : imports_.importedModules())
    importsFunctools_ = importsFunctools_ || module == "functools";
  collectSubclasses();
}

void FileModel::link(const std::vector<FileModel*>& files, const ProjectIndex& index,
                     const ForEach& forEach) {
  // Fabric subclasses and LightningModule bases to a fixpoint, as a base may
  // sit anywhere; Fabrics before set-ups and launches, since either may name
  // a Fabric of another file.
  for (int pass = 0; pass < kMaxFabricSubclassPasses; ++pass) {
    bool more = false;
    for (FileModel* f : files) more = f->attachSubclasses(index) || more;
    if (!more) break;
  }
  forEach(files.size(), [&](size_t k) { files[k]->attachFabrics(index); });
  forEach(files.size(), [&](size_t k) { files[k]->attachSetups(); });
  // A file may launch another file's Fabric: found side by side, marked by
  // its owner, so that a file linked alone (a fix round's re-parse) changes
  // nothing that the project's other files, checked meanwhile, see.
  std::vector<std::vector<const FabricInstance*>> launched(files.size());
  forEach(files.size(), [&](size_t k) { launched[k] = files[k]->launchedFabrics(); });
  std::map<const SourceFile*, FileModel*> owner;
  for (FileModel* f : files) owner[&f->file()] = f;
  for (const auto& fabrics : launched)
    for (const FabricInstance* f : fabrics)
      if (auto it = owner.find(f->file); it != owner.end()) it->second->markLaunched(f);
  // The first pass finds each file's own LightningModules, the others follow
  // bases across files.
  for (int pass = 0; pass < 1 + kMaxModuleBasePasses; ++pass) {
    bool more = false;
    for (FileModel* f : files) more = f->attachModules() || more;
    if (!more) break;
  }
}

void FileModel::attachFabrics(const ProjectIndex& index) {
  // attachSubclasses set it; written again only if it changed, since other
  // files' tasks may read it meanwhile.
  if (index_ != &index) index_ = &index;
  collectFabricsAndTrainers();
}

void FileModel::attachSetups() { collectSetups(); }

void FileModel::markLaunched(const FabricInstance* fabric) {
  for (FabricInstance& own : fabrics_)
    if (&own == fabric) own.launched = true;
}

bool FileModel::attachModules() {
  size_t before = modules_.size();
  collectLightningModules();
  return modules_.size() > before;
}

bool sameFabric(const FabricInstance* a, const FabricInstance* b) {
  return a == b || (a && b && a->ordinal == b->ordinal && a->file->path() == b->file->path());
}

bool FileModel::isFabricSubclass(std::string_view name) const {
  return std::find(fabricSubclasses_.begin(), fabricSubclasses_.end(), name) !=
         fabricSubclasses_.end();
}

bool FileModel::isTrainerSubclass(std::string_view name) const {
  return std::find(trainerSubclasses_.begin(), trainerSubclasses_.end(), name) !=
         trainerSubclasses_.end();
}

std::vector<std::pair<std::string, std::string>> FileModel::classBaseNames() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (Node n : classDefinitions())
    for (Node base : namedChildren(field(n, "superclasses"))) {
      Node last = is(base, "attribute") ? field(base, "attribute") : base;
      if (is(last, "identifier"))
        out.emplace_back(textOf(field(n, "name"), source_), textOf(last, source_));
    }
  return out;
}

std::vector<std::string> subclassNames(
    std::vector<std::string> roots, const std::vector<std::pair<std::string, std::string>>& bases) {
  for (size_t i = 0; i < roots.size(); ++i)
    for (const auto& [cls, base] : bases)
      if (base == roots[i] && std::find(roots.begin(), roots.end(), cls) == roots.end())
        roots.push_back(cls);
  return roots;
}

bool FileModel::isPytorchLightningLiteSubclass(std::string_view name) const {
  return std::find(liteSubclasses_.begin(), liteSubclasses_.end(), name) != liteSubclasses_.end();
}

const LightningModuleClass* FileModel::lightningModule(std::string_view name) const {
  for (const LightningModuleClass& c : modules_)
    if (c.name == name) return &c;
  return nullptr;
}

FileModel::Callee FileModel::functionCalled(Node call, Runs runs) const {
  const FunctionInfo* own =
      runs == Runs::Direct ? bindings_.calledFunction(call) : bindings_.functionRunBy(call);
  if (own) return {this, own};
  if (!index_ || !is(call, "call")) return {};
  auto [file, function] = index_->callee(*this, call);
  if (!file || !function) return {};
  return {file, function};
}

FileModel::Returns FileModel::returnsOfCalled(Node call, Runs runs) const {
  auto [file, function] = functionCalled(call, runs);
  if (!function || function->name == "__init__") return {};
  return {file, function, file->bindings().returnedValues(function)};
}

std::vector<const ForeignCall*> FileModel::foreignCallers(const FunctionInfo* fn) const {
  if (!index_ || !isNull(enclosingFunction(fn->node))) return {};
  if (!isNull(fn->ownerClass) && fn->name != "__init__") return {};
  return index_->callersInto(file_.path(), ProjectIndex::keyOf(*this, *fn));
}

// The statement a call's result is assigned in, and the names it binds.
static Node assignmentOf(Node call) {
  Node parent = parentOf(call);
  if (is(parent, "assignment") && sameNode(field(parent, "right"), call)) return parent;
  return Node{};
}

static std::vector<Node> targetsOf(Node assignment) {
  Node left = field(assignment, "left");
  if (is(left, "pattern_list") || is(left, "tuple_pattern") || is(left, "list_pattern"))
    return namedChildren(left);
  return {left};
}

Node FileModel::partialBehind(Node call) const {
  Node callee = field(call, "function");
  // Most files never import it: no callee is traced for them.
  if (!importsFunctools_ || (!is(callee, "identifier") && !is(callee, "attribute"))) return Node{};
  Origin o = bindings_.trace(callee, bindings_.scopeOf(call));
  if (o.kind != Origin::Expression || o.index >= 0 || !is(o.expr, "call") || sameNode(o.expr, call))
    return Node{};
  auto q = imports_.qualify(field(o.expr, "function"), source_);
  return q && *q == "functools.partial" ? o.expr : Node{};
}

// The class a call makes: its callee, or what a `functools.partial` it
// calls was given first.
static Node classCalled(Node call, Node partial) {
  if (isNull(partial)) return field(call, "function");
  std::vector<Node> args = positionalArguments(field(partial, "arguments"));
  return args.empty() ? Node{} : args[0];
}

bool FileModel::isFabricConstruction(Node call) const {
  return is(call, "call") && constructsFabric(call, partialBehind(call));
}

bool FileModel::constructsFabric(Node call, Node partial) const {
  Node callee = classCalled(call, partial);
  if (isNull(callee)) return false;
  auto q = imports_.qualify(callee, source_);
  if (q && isFabricClass(*q)) return true;
  if (is(callee, "identifier") && isFabricSubclass(textOf(callee, source_))) return true;
  // `MyFabric(...)` of another project file.
  if (q && index_)
    if (auto sym = index_->symbol(file_.path(), *q)) return sym->file->isFabricSubclass(sym->name);
  return false;
}

std::vector<Node> FileModel::classDefinitions() const {
  std::vector<Node> out;
  for (uint32_t i : nodes_->classes()) out.push_back(nodes_->node(i));
  return out;
}

bool FileModel::collectSubclasses() {
  size_t before = fabricSubclasses_.size() + trainerSubclasses_.size();
  // Bases may come later in the file or from another file: to a fixpoint.
  for (bool more = true; more;) {
    more = false;
    for (Node n : classDefinitions()) {
      std::string name(textOf(field(n, "name"), source_));
      if (isFabricSubclass(name) || isTrainerSubclass(name)) continue;
      for (Node base : namedChildren(field(n, "superclasses"))) {
        auto q = imports_.qualify(base, source_);
        bool local = is(base, "identifier");
        std::string_view baseName = local ? textOf(base, source_) : std::string_view();
        bool fabric = (q && isFabricClass(*q)) || (local && isFabricSubclass(baseName));
        bool lite = (q && isPytorchLightningLite(*q)) ||
                    (local && isPytorchLightningLiteSubclass(baseName));
        bool trainer = (q && isTrainerClass(*q)) || (local && isTrainerSubclass(baseName));
        if (!fabric && !trainer && q && index_)
          if (auto sym = index_->symbol(file_.path(), *q)) {
            fabric = sym->file->isFabricSubclass(sym->name);
            lite = sym->file->isPytorchLightningLiteSubclass(sym->name);
            trainer = sym->file->isTrainerSubclass(sym->name);
          }
        if (fabric) {
          fabricSubclasses_.push_back(name);
          if (lite) liteSubclasses_.push_back(name);
          more = true;
          break;
        }
        if (trainer) {
          trainerSubclasses_.push_back(name);
          more = true;
          break;
        }
      }
    }
  }
  return fabricSubclasses_.size() + trainerSubclasses_.size() > before;
}

void FileModel::resolveStarImports(const ProjectIndex& index) {
  index_ = &index;
  if (imports_.starModules().empty()) return;
  imports_.setStarResolver([this](std::string_view name) -> std::optional<std::string> {
    // Star imports may chain, and may loop.
    thread_local int depth = 0;
    if (depth > kMaxStarImportChain) return std::nullopt;
    ++depth;
    std::optional<std::string> found;
    for (const std::string& module : imports_.starModules()) {
      const FileModel* from = index_->module(file_.path(), module);
      if (!from || from->file().path() == file_.path()) continue;
      found = from->imports().qualifyName(name);
      // A name the module defines itself.
      if (!found && from->bindings().definesName(name)) found = module + "." + std::string(name);
      if (found) break;
    }
    --depth;
    return found;
  });
}

bool FileModel::attachSubclasses(const ProjectIndex& index) {
  if (index_ != &index) resolveStarImports(index);
  return collectSubclasses();
}

// `"cpu"` or `CPUAccelerator()` as an accelerator: the argument or dict
// entry holding it, else null.
static Node cpuAccelerator(Node value, const Imports& imports, std::string_view source) {
  // Lightning compares accelerator names as written: "CPU" is no name at all.
  std::string name;
  if (stringLiteral(value, source, name)) return name == "cpu" ? parentOf(value) : Node{};
  if (is(value, "call"))
    if (auto q = imports.qualify(field(value, "function"), source);
        q && q->size() >= 14 && q->compare(q->size() - 14, 14, "CPUAccelerator") == 0 &&
        (q->rfind("lightning", 0) == 0 || q->rfind("pytorch_lightning", 0) == 0))
      return parentOf(value);
  return Node{};
}

Node cpuAcceleratorArgument(Node construction, const FileModel& model) {
  if (!is(construction, "call")) return Node{};
  // Written in the call or carried by `**kwargs` of this file, on every path.
  KeyValues kv = keywordValues(construction, "accelerator", model);
  Node first{};
  for (const KeyValue& v : kv.values) {
    Node pinned =
        v.model == &model ? cpuAccelerator(v.node, model.imports(), model.file().text()) : Node{};
    if (isNull(pinned)) return Node{};
    if (isNull(first)) first = pinned;
  }
  return kv.complete ? first : Node{};
}

// Lightning 1.x: `Trainer.from_argparse_args(args, **overrides)`.
static bool fromArgparseArgs(Node callee, std::string_view source) {
  return is(callee, "attribute") &&
         textOf(field(callee, "attribute"), source) == "from_argparse_args";
}

bool FileModel::isTrainerConstruction(Node call) const {
  return constructsTrainer(call, partialBehind(call));
}

std::optional<ProjectIndex::Symbol> FileModel::trainerSubclassCalled(Node callee) const {
  if (fromArgparseArgs(callee, source_)) callee = field(callee, "object");
  if (is(callee, "identifier") && isTrainerSubclass(textOf(callee, source_)))
    return ProjectIndex::Symbol{this, std::string(textOf(callee, source_))};
  auto q = imports_.qualify(callee, source_);
  if (!q || !index_) return std::nullopt;
  auto sym = index_->symbol(file_.path(), *q);
  if (sym && sym->file->isTrainerSubclass(sym->name)) return sym;
  return std::nullopt;
}

bool FileModel::constructsTrainer(Node call, Node partial) const {
  Node callee = classCalled(call, partial);
  if (isNull(callee)) return false;
  if (trainerSubclassCalled(callee)) return true;
  if (fromArgparseArgs(callee, source_)) callee = field(callee, "object");
  auto q = imports_.qualify(callee, source_);
  return q && isTrainerClass(*q);
}

std::optional<Strategy> FileModel::boundParameter(const FunctionInfo& init, Node name, Node call,
                                                  const FileModel& caller) const {
  int param = init.paramIndex(textOf(name, source_));
  Node args = field(call, "arguments");
  if (param <= 0 || hasSplat(args)) return std::nullopt;  // `self`, no parameter, or unpacked
  CallSite site{call, caller.bindings().scopeOf(call), &init, args, CallSite::Construct, {}};
  if (Node given = caller.bindings().argumentFor(site, param); !isNull(given))
    return evaluateStrategy(given, site.scope, caller);
  // Its default: the parameter holding the name is `x=...` or `x: T = ...`.
  Node fallback = field(parentOf(init.paramNodes[static_cast<size_t>(param)]), "value");
  return isNull(fallback) ? Strategy{}
                          : evaluateStrategy(fallback, bindings_.scopeOf(init.node), *this);
}

std::optional<Strategy> FileModel::initStrategy(std::string_view className, Node call,
                                                const FileModel& caller) const {
  bool callGivesNone =
      isNull(keywordArgument(field(call, "arguments"), "strategy", caller.file().text()));
  const FunctionInfo* init = bindings_.methodOfClass(className, "__init__");
  if (!init) return std::nullopt;
  // `super().__init__(...)`, `pl.Trainer.__init__(self, ...)`: what Lightning's Trainer gets.
  Node base{};
  Node named{};  // a DeepSpeed strategy named anywhere in it
  walk(init->body, [&](Node n) {
    std::string text;
    std::optional<std::string> q;
    if (isNull(base) && is(n, "call")) {
      Node callee = field(n, "function");
      if (is(callee, "attribute") && textOf(field(callee, "attribute"), source_) == "__init__")
        base = n;
    }
    if (isNull(named) &&
        ((is(n, "string") && stringLiteral(n, source_, text) && isDeepSpeedName(text)) ||
         ((is(n, "identifier") || is(n, "attribute")) && (q = imports_.qualify(n, source_)) &&
          isDeepSpeedStrategyClass(*q))))
      named = n;
    return true;
  });
  if (isNull(base)) return std::nullopt;
  Node args = field(base, "arguments");
  if (Node expr = keywordArgument(args, "strategy", source_); !isNull(expr)) {
    // `strategy=strategy`: a parameter, which this construction binds.
    if (is(expr, "identifier"))
      if (auto bound = boundParameter(*init, expr, call, caller)) return bound;
    return evaluateStrategy(expr, bindings_.scopeOf(expr), *this);
  }
  if (!hasSplat(args)) return Strategy{};  // Lightning's default, whatever the call says
  // The call's keywords pass through, `kwargs.setdefault("strategy", ...)` perhaps.
  if (!callGivesNone || isNull(named)) return std::nullopt;
  Strategy s;
  s.kind = Strategy::MaybeDeepSpeed;
  s.evidence = named;
  s.evidenceFile = &file_;
  s.why = "the `__init__` of `" + std::string(className) + "` may choose it";
  return s;
}

Node FileModel::parsedArgumentsOf(Node call) const {
  Node callee = field(call, "function");
  Node args = field(call, "arguments");
  if (fromArgparseArgs(callee, source_)) {
    std::vector<Node> positional = positionalArguments(args);
    return positional.empty() ? Node{} : positional[0];
  }
  for (Node arg : namedChildren(args)) {
    Node value = namedChild(arg, 0);
    if (is(arg, "dictionary_splat") && is(value, "call") &&
        textOf(field(value, "function"), source_) == "vars") {
      std::vector<Node> inner = positionalArguments(field(value, "arguments"));
      if (inner.size() == 1) return inner[0];
    }
  }
  return Node{};
}

void FileModel::collectFabricsAndTrainers() {
  fabrics_.clear();
  trainers_.clear();
  foreignRuns_.clear();
  cliRuns_.clear();
  walkCalls(root_, [&](Node n) {
    Node args = field(n, "arguments");
    Node partial = partialBehind(n);
    auto strategyOf = [&](bool hydra) {
      Node expr = keywordArgument(args, "strategy", source_);
      Node scope = bindings_.scopeOf(n);
      // `make = partial(Trainer, strategy=...)`: a keyword of the call
      // overrides the partial's.
      if (isNull(expr) && !isNull(partial)) {
        expr = keywordArgument(field(partial, "arguments"), "strategy", source_);
        scope = bindings_.scopeOf(partial);
      }
      Strategy s = evaluateStrategy(expr, scope, *this);
      // `Trainer.from_argparse_args(args, ...)`, `Trainer(**vars(args))`.
      Node parsed = isNull(expr) ? parsedArgumentsOf(n) : Node{};
      if (!isNull(parsed)) {
        s = evaluateStrategyArgument(parsed, bindings_.scopeOf(n), *this);
      } else if (isNull(expr) && hydra) {
        // What the project's Hydra configs give the Trainer.
        if (const StrategySource* yaml = index_ ? index_->hydraTrainer() : nullptr)
          s = strategyOfConfig(*yaml);
        if (s.kind == Strategy::NotDeepSpeed) launcherOverridesHydraTrainer(*this, s);
      } else if (isNull(expr) && hasSplat(args)) {
        // `Trainer(**trainer_kwargs)`: what the dict holds, if it can be read.
        s = evaluateSplatStrategy(n, *this);
      }
      // A subclass of the project hands Lightning's Trainer a strategy of its own.
      if (!hydra && isNull(parsed))
        if (auto sub = trainerSubclassCalled(classCalled(n, partial)))
          if (auto own = sub->file->initStrategy(sub->name, n, *this)) s = *own;
      if (options_.targetDeepSpeed && s.kind != Strategy::DeepSpeed &&
          (options_.migrateCpuPinned || isNull(cpuAcceleratorArgument(n, *this)))) {
        // Where the code itself may pick DeepSpeed (`if ds: strategy =
        // DeepSpeedStrategy(stage=2)`), that pick is what the target runs.
        if (!citesDeepSpeed(s, *this)) s = Strategy{};
        s.kind = Strategy::DeepSpeed;
        s.why.clear();
      }
      return s;
    };
    if (constructsFabric(n, partial)) {
      Node assignment = assignmentOf(n);
      fabrics_.push_back({&file_,
                          fabrics_.size(),
                          n,
                          {},
                          {},
                          bindings_.scopeOf(n),
                          strategyOf(false),
                          isNull(assignment) ? Node{} : enclosingStatement(assignment),
                          false});
    } else if (bool hydra = hydraInstantiates(n, *this, "trainer");
               hydra || constructsTrainer(n, partial)) {
      TrainerInstance trainer;
      trainer.construction = n;
      trainer.strategy = strategyOf(hydra);
      trainers_.push_back(std::move(trainer));
    }
  });

  collectFits();
  if (options_.targetDeepSpeed) collectFabricParameters();

  // Which project class each Fabric is, for `self` inside its methods.
  for (FabricInstance& f : fabrics_) {
    Node callee = field(f.construction, "function");
    std::string name(textOf(callee, source_));
    if (is(callee, "identifier") && isFabricSubclass(name)) {
      f.classPath = file_.path();
      f.className = name;
      f.pytorchLightningLite = isPytorchLightningLiteSubclass(name);
    } else if (auto q = imports_.qualify(callee, source_); q && index_) {
      if (auto sym = index_->symbol(file_.path(), *q);
          sym && sym->file->isFabricSubclass(sym->name)) {
        f.classPath = sym->file->file().path();
        f.className = sym->name;
        f.pytorchLightningLite = sym->file->isPytorchLightningLiteSubclass(sym->name);
      }
    }
  }
}

// The parameter a Fabric arrives in, by its annotation (`fabric: Fabric`,
// `fabric: L.Fabric`, through any import alias), or null.
static Node fabricAnnotation(Node param, const Imports& imports, std::string_view source) {
  Node typed = parentOf(param);
  if (!is(typed, "typed_parameter") && !is(typed, "typed_default_parameter")) return Node{};
  Node type = namedChild(field(typed, "type"), 0);
  auto q = imports.qualify(type, source);
  return q && isFabricClass(*q) ? typed : Node{};
}

void FileModel::collectFabricParameters() {
  // A migration judges every Fabric as DeepSpeed, also one a framework's
  // runner hands in (`def main(fabric: Fabric, cfg)`), which it launched.
  for (const FunctionInfo& fn : bindings_.functions())
    for (Node param : fn.paramNodes) {
      Node typed = fabricAnnotation(param, imports_, source_);
      if (isNull(typed)) continue;
      FabricInstance f;
      f.file = &file_;
      f.ordinal = fabrics_.size();
      f.construction = typed;
      f.scope = fn.node;
      f.strategy.kind = Strategy::DeepSpeed;
      f.launched = true;
      fabrics_.push_back(std::move(f));
    }
}

std::vector<const FabricInstance*> FileModel::launchedFabrics() const {
  std::vector<const FabricInstance*> out;
  walkCalls(root_, [&](Node n) {
    MethodCall mc;
    // A LightningLite-style subclass launches itself in `.run()`.
    if (asMethodCall(n, source_, mc) && (mc.method == "launch" || mc.method == "run"))
      for (const FabricInstance* f : fabricsOf(mc.receiver, bindings_.scopeOf(n)))
        if (mc.method == "launch" || !f->className.empty()) out.push_back(f);
  });
  // `fabric._launched = True`: tests pretending to have launched.
  if (source_.find("_launched") == std::string_view::npos) return out;
  walk(root_, [&](Node n) {
    if (!is(n, "assignment")) return true;
    Node left = field(n, "left");
    if (is(left, "attribute") && textOf(field(left, "attribute"), source_) == "_launched" &&
        is(field(n, "right"), "true"))
      for (const FabricInstance* f : fabricsOf(field(left, "object"), bindings_.scopeOf(n)))
        out.push_back(f);
    return true;
  });
  return out;
}

// `getattr(fabric, name)(...)`, as tests and generic code call set-ups: a
// set-up unless the name is a literal naming another method.
static bool asDynamicSetup(Node call, std::string_view source, MethodCall& out) {
  if (!is(call, "call")) return false;
  Node callee = field(call, "function");
  if (!is(callee, "call") || textOf(field(callee, "function"), source) != "getattr") return false;
  std::vector<Node> args = positionalArguments(field(callee, "arguments"));
  if (args.size() < 2) return false;
  std::string name;
  if (stringLiteral(args[1], source, name) && name != "setup" && name != "setup_module")
    return false;
  out.call = call;
  out.receiver = args[0];
  out.method = name == "setup_module" ? "setup_module" : "setup";
  out.arguments = field(call, "arguments");
  return true;
}

// Lightning trains a module only in `fit`; `validate`, `test` and
// `predict` run no `training_step` and no optimizer.
static bool evaluationRun(std::string_view method) {
  return method == "validate" || method == "test" || method == "predict";
}

std::vector<std::pair<const FileModel*, Node>> FileModel::trainerOrigins(Node expr,
                                                                         Node scope) const {
  std::vector<std::pair<const FileModel*, Node>> out;
  struct Work {
    const FileModel* file;
    Node expr;
    Node scope;
  };
  std::vector<Work> work{{this, expr, scope}};
  // `trainer = build_trainer(cfg)`: what the helper returns, on each path
  // (`if ...: trainer = Trainer(...) else: trainer = instantiate(...)`).
  for (int hops = 0; !work.empty() && hops < kMaxTrainerOrigins; ++hops) {
    Work w = work.back();
    work.pop_back();
    for (const Origin& o : w.file->bindings().originsReaching(w.expr, w.scope)) {
      if (o.kind != Origin::Expression || o.index >= 0) continue;
      // `self.trainer = None` until a method builds it: a call on None
      // fails, so where the Trainer is used it holds one.
      if (is(o.expr, "none")) continue;
      // A function another file defines, imported, is read the same way
      // (its Trainers are its own, matched once linked).
      Returns helper = w.file->returnsOfCalled(o.expr, Runs::Direct);
      if (helper.values.empty()) out.emplace_back(w.file, o.expr);
      for (Node value : helper.values) work.push_back({helper.file, value, helper.function->node});
    }
  }
  return out;
}

std::pair<std::string, std::string> FileModel::classNamed(Node cls) const {
  std::string path = file_.path();
  std::string name(textOf(cls, source_));
  if (auto q = imports_.qualify(cls, source_); q && index_)
    if (auto sym = index_->symbol(file_.path(), *q)) {
      path = sym->file->file().path();
      name = sym->name;
    }
  return {std::move(path), std::move(name)};
}

void FileModel::noteCliRun(Node call) {
  Node callee = field(call, "function");
  Node last = is(callee, "attribute") ? field(callee, "attribute") : callee;
  std::string_view name = textOf(last, source_);
  constexpr std::string_view kSuffix = "CLI";
  if (!is(last, "identifier") || name.size() < kSuffix.size() ||
      name.substr(name.size() - kSuffix.size()) != kSuffix)
    return;
  Node arguments = field(call, "arguments");
  Node model = keywordArgument(arguments, "model_class", source_);
  if (std::vector<Node> positional = positionalArguments(arguments);
      isNull(model) && !positional.empty())
    model = positional[0];
  if (!is(model, "identifier") && !is(model, "attribute")) return;
  auto [path, cls] = classNamed(model);
  cliRuns_.push_back({std::string(name), std::move(path), std::move(cls)});
}

void FileModel::collectFits() {
  walkCalls(root_, [&](Node n) {
    noteCliRun(n);
    MethodCall mc;
    if (!asMethodCall(n, source_, mc) || (mc.method != "fit" && !evaluationRun(mc.method))) return;
    Node scope = bindings_.scopeOf(n);
    bool fit = mc.method == "fit";
    std::vector<TrainerInstance*> runs;
    size_t foreignFrom = foreignRuns_.size();
    for (auto [file, made] : trainerOrigins(mc.receiver, scope)) {
      if (file != this) {
        // Another file's `Trainer(...)`, if it is one: told when linked.
        if (is(made, "call")) foreignRuns_.push_back({file, made, fit, {}});
        continue;
      }
      for (TrainerInstance& t : trainers_)
        if (sameNode(t.construction, made)) runs.push_back(&t);
    }
    if (runs.empty() && foreignRuns_.size() == foreignFrom) return;
    for (TrainerInstance* t : runs) (fit ? t->fitCalled : t->evaluationCalled) = true;
    Node model = keywordArgument(mc.arguments, "model", source_);
    std::vector<Node> positional = positionalArguments(mc.arguments);
    if (isNull(model) && !positional.empty()) model = positional[0];
    forEachClassMade(model, scope, [&](Node cls) {
      auto named = classNamed(cls);
      for (TrainerInstance* t : runs) (fit ? t->fits : t->evaluates).push_back(named);
      for (size_t k = foreignFrom; k < foreignRuns_.size(); ++k)
        foreignRuns_[k].classes.push_back(named);
    });
  });
}

void FileModel::forEachClassMade(Node value, Node scope, const std::function<void(Node)>& visit,
                                 int depth) const {
  for (const Origin& o : bindings_.originsReaching(value, scope)) {
    Node expr = o.expr;
    if (o.kind != Origin::Expression || o.index >= 0 || !is(expr, "call")) continue;
    Node callee = field(expr, "function");
    if (is(callee, "attribute") &&
        textOf(field(callee, "attribute"), source_) == "load_from_checkpoint") {
      visit(field(callee, "object"));
      continue;
    }
    // A helper of this file building the module, `build(cfg)` or
    // `self.build()`: what each of its returns makes.
    bool helperCall = is(callee, "identifier") || isSelfAttribute(callee, source_);
    const FunctionInfo* helper = helperCall ? bindings_.functionRunBy(expr) : nullptr;
    if (helper && helper->name != "__init__") {
      if (depth < kMaxHelperReturns)
        forEachOwnNode(helper->node, [&](Node n) {
          if (is(n, "return_statement") && namedChildCount(n) == 1)
            forEachClassMade(namedChild(n, 0), helper->node, visit, depth + 1);
        });
      continue;
    }
    visit(callee);
    if (is(callee, "attribute")) visit(field(callee, "object"));
  }
}

std::vector<const FabricInstance*> FileModel::setupFabrics(Node receiver, Node scope,
                                                           Node call) const {
  std::vector<const FabricInstance*> fabrics = fabricsOf(receiver, scope);
  if (!is(receiver, "attribute")) return fabrics;
  // `self.fabric = Fabric(...)` before it on every path of this function:
  // the set-up is on that Fabric, whatever other methods assign.
  ReachingAssignments here = bindings_.reachingAll(textOf(receiver, source_), scope, call);
  if (!here.onEveryPath) return fabrics;
  std::vector<const FabricInstance*> assigned;
  for (const Assignment* a : here.assignments)
    for (const FabricInstance* f : fabricsOf(a->value, a->scope))
      if (a->index < 0 && std::find(assigned.begin(), assigned.end(), f) == assigned.end())
        assigned.push_back(f);
  return assigned.empty() ? fabrics : assigned;
}

bool FileModel::setUpRepeatedly(Node receiver, Node scope, Node call,
                                const FabricInstance& fabric) const {
  Node made = fabric.file == &file_ ? fabric.construction : Node{};
  if (!insideLoopWithout(call, made)) return false;
  // `fabric = make_fabric()` in the loop, a function making one per call.
  if (!is(fabric.scope, "function_definition")) return true;
  ReachingAssignments bound = bindings_.reachingAll(textOf(receiver, source_), scope, call);
  if (!bound.onEveryPath || bound.assignments.size() != 1) return true;
  const Assignment& a = *bound.assignments.front();
  return a.index >= 0 || !is(a.value, "call") || insideLoopWithout(call, a.statement);
}

void FileModel::collectSetups() {
  setups_.clear();
  walkCalls(root_, [&](Node n) {
    MethodCall mc;
    bool setup =
        asMethodCall(n, source_, mc) && (mc.method == "setup" || mc.method == "setup_module");
    if (!setup && !asDynamicSetup(n, source_, mc)) return;
    Node scope = bindings_.scopeOf(n);
    for (const FabricInstance* f : setupFabrics(mc.receiver, scope, n)) {
      SetupCall s;
      s.call = n;
      s.scope = scope;
      s.fabric = f;
      s.moduleOnly = mc.method == "setup_module";
      s.statement = enclosingStatement(n);
      Node assignment = assignmentOf(n);
      if (!isNull(assignment)) s.targets = targetsOf(assignment);
      s.arguments = positionalArguments(mc.arguments);
      s.inLoop = setUpRepeatedly(mc.receiver, scope, n, *f);
      setups_.push_back(std::move(s));
    }
  });
}

static bool assignsFalse(Node n, std::string_view source, std::string_view name) {
  if (!is(n, "assignment")) return false;
  std::string_view target = textOf(field(n, "left"), source);
  bool named = target == name ||
               (target.size() > name.size() + 1 && target.substr(target.size() - name.size() - 1) ==
                                                       std::string(".") + std::string(name));
  return named && is(field(n, "right"), "false");
}

void FileModel::collectLightningModules() {
  std::vector<Node> classes = classDefinitions();
  auto known = [&](std::string_view name) -> LightningModuleClass* {
    for (LightningModuleClass& c : modules_)
      if (c.name == name) return &c;
    return nullptr;
  };
  // Bases may be defined further down, so iterate to a fixpoint.
  for (bool changed = true; changed;) {
    changed = false;
    for (Node cls : classes) {
      std::string name(textOf(field(cls, "name"), source_));
      if (known(name)) continue;
      bool lightning = false;
      bool inheritedManual = false;
      std::vector<std::pair<std::string, std::string>> projectBases;
      for (Node base : namedChildren(field(cls, "superclasses"))) {
        auto q = imports_.qualify(base, source_);
        if (q && isLightningModuleClass(*q)) {
          lightning = true;
          // `ManualOptimBoringModel`: Lightning's own base turns it off.
          inheritedManual = inheritedManual || lightningClass(*q)->manualOptimization;
        }
        const LightningModuleClass* parent =
            is(base, "identifier") ? known(textOf(base, source_)) : nullptr;
        std::string parentPath = file_.path();
        // A base class from another file of the project.
        if (!parent && q && index_)
          if (auto sym = index_->symbol(file_.path(), *q)) {
            parent = sym->file->lightningModule(sym->name);
            parentPath = sym->file->file().path();
          }
        if (parent) {
          projectBases.emplace_back(parentPath, parent->name);
          lightning = true;
          inheritedManual = inheritedManual || parent->manualOptimization;
        } else if (q && options_.installed && !(index_ && index_->symbol(file_.path(), *q))) {
          // A base from an installed package (`fancylib.FancyModule`).
          if (auto installed = options_.installed->lookup(*q);
              installed && installed->lightningModule) {
            lightning = true;
            inheritedManual = inheritedManual || installed->manualOptimization;
          }
        }
      }
      if (!lightning) continue;
      bool manual = inheritedManual;
      walk(field(cls, "body"), [&](Node n) {
        if (assignsFalse(n, source_, "automatic_optimization")) manual = true;
        if (is(n, "function_definition") &&
            textOf(field(n, "name"), source_) == "automatic_optimization") {
          walk(n, [&](Node r) {
            if (is(r, "return_statement") && is(namedChild(r, 0), "false")) manual = true;
            return true;
          });
        }
        return !manual;
      });
      std::vector<std::string> methods;
      for (Node def : methodsDefinedIn(cls))
        methods.emplace_back(textOf(field(def, "name"), source_));
      modules_.push_back({cls, name, manual, std::move(projectBases), std::move(methods)});
      changed = true;
    }
  }
}

// The method `name` of a class of this file, or of its LightningModule bases
// here or in other project files.
static std::pair<const FileModel*, Node> methodOfClass(const FileModel& model, Node cls,
                                                       std::string_view name, int depth) {
  if (depth > kMaxBaseClasses || isNull(cls)) return {nullptr, Node{}};
  std::string_view source = model.file().text();
  for (const FunctionInfo* fn : model.bindings().methodsOf(cls))
    if (fn->name == name) return {&model, fn->node};
  for (Node base : namedChildren(field(cls, "superclasses"))) {
    const FileModel* file = &model;
    std::string baseName(textOf(base, source));
    if (auto q = model.imports().qualify(base, source); q && model.index()) {
      auto sym = model.index()->symbol(model.file().path(), *q);
      if (!sym) continue;
      file = sym->file;
      baseName = sym->name;
    }
    const LightningModuleClass* parent = file->lightningModule(baseName);
    if (!parent) continue;
    auto found = methodOfClass(*file, parent->node, name, depth + 1);
    if (found.first) return found;
  }
  return {nullptr, Node{}};
}

std::pair<const FileModel*, Node> FileModel::methodOfClass(Node cls, std::string_view name) const {
  return lightfix::methodOfClass(*this, cls, name, 0);
}

bool takesOptimizerIndex(const FileModel& model, Node step) {
  const FunctionInfo* info = model.bindings().function(step);
  return info && info->paramIndex("optimizer_idx") >= 0;
}

const FileModel* FileModel::modelOfFile(const SourceFile* file) const {
  if (&file_ == file) return this;
  if (index_)
    for (const FileModel* other : index_->files())
      if (&other->file() == file) return other;
  return nullptr;
}

FileModel::ImportedValue FileModel::importedValue(Node expr) const {
  if (!index_ || (!is(expr, "identifier") && !is(expr, "attribute"))) return {};
  std::optional<std::string> qualified = imports_.qualify(expr, file_.text());
  std::optional<ProjectIndex::Symbol> symbol =
      qualified ? index_->symbol(file_.path(), *qualified) : std::nullopt;
  if (!symbol || !symbol->file || symbol->file == this) return {};
  const Bindings& there = symbol->file->bindings();
  const std::vector<size_t>& assigned = there.assignmentsTo(symbol->name);
  if (assigned.size() != 1) return {};
  const Assignment& a = there.assignments()[assigned[0]];
  if (a.index >= 0 || !sameNode(a.scope, there.module()) ||
      !sameNode(parentOf(a.statement), there.module()))
    return {};
  std::string_view source = symbol->file->file().text();
  size_t mentions = 0;
  walkTypes(there.module(), {"identifier"}, [&](Node n) {
    if (textOf(n, source) == symbol->name) ++mentions;
  });
  if (mentions != 1) return {};
  return {symbol->file, &a};
}

}  // namespace lightfix
