#pragma once
// The semantic model of one Python file: which names are Lightning Fabrics
// and Trainers and with which strategy, which models were set up on which
// Fabric, and which classes are LightningModules. Built once, read-only after.

#include "python/node.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/lightning_classes.h"
#include "model/project_index.h"
#include "model/strategy.h"
#include "semantics/bindings.h"
#include "semantics/imports.h"

namespace lightfix {

class SourceFile;
class SyntaxTree;
class ProjectIndex;
class NodeTable;
class InstalledClasses;
struct ForeignCall;

struct ModelOptions {
  // `--target-strategy deepspeed`: judge every Fabric and Trainer as if it
  // ran DeepSpeed (a migration).
  bool targetDeepSpeed = false;
  // A migration leaves a Fabric or Trainer pinned to `accelerator="cpu"`
  // alone (a test or a CPU tool, not the job being migrated), unless LF018,
  // which reports exactly that, was selected by name.
  bool migrateCpuPinned = false;
  // Base classes from the project's Python environment, when it has one.
  const InstalledClasses* installed = nullptr;
};

struct FabricInstance {
  const SourceFile* file = nullptr;  // the file constructing it
  size_t ordinal = 0;                // which of the file's Fabrics it is
  Node construction{};               // the `Fabric(...)` call
  // For a subclass of Fabric defined in the project: its file and name.
  std::string classPath;
  std::string className;
  Node scope{};
  Strategy strategy;
  Node statement{};  // the statement assigning it, when it is assigned
  // Set by any file of the project that launches it, once all are linked
  // (FileModel::markLaunched).
  bool launched = false;
  // A subclass of pytorch_lightning's LightningLite (see
  // isPytorchLightningLite), not a Fabric.
  bool pytorchLightningLite = false;
};

// One Fabric seen through two parses of its file (a fix round re-parses
// one file while the others keep theirs).
bool sameFabric(const FabricInstance* a, const FabricInstance* b);

struct SetupCall {
  Node call{};
  Node scope{};
  const FabricInstance* fabric = nullptr;
  bool moduleOnly = false;  // setup_module
  Node statement{};
  std::vector<Node> targets;    // the names the results are bound to
  std::vector<Node> arguments;  // positional: the module, then optimizers
  bool inLoop = false;          // counts as several set-ups
};

// A set-up that ran on the way to a point; `repeated` when it runs many
// times there (in a loop, or in a helper called in a loop).
struct SetupRun {
  const SetupCall* setup = nullptr;
  bool repeated = false;
};
using SetupRuns = std::vector<SetupRun>;

struct TrainerInstance {
  Node construction{};
  Strategy strategy;
  // The LightningModule classes it fits (`trainer.fit(Model(...))`), as
  // (file, class name).
  std::vector<std::pair<std::string, std::string>> fits;
  // Those it only validates, tests or predicts with.
  std::vector<std::pair<std::string, std::string>> evaluates;
  bool fitCalled = false;
  bool evaluationCalled = false;
  // Seen evaluating and never fitting: it trains nothing.
  bool evaluatesOnly() const { return evaluationCalled && !fitCalled; }
};

// A `fit` (or an evaluation) of a Trainer that a function of another file
// builds (`trainer = build_trainer(cfg)`, imported): seen here, joined to
// that file's Trainer once the project is linked.
struct ForeignTrainerRun {
  const FileModel* file = nullptr;  // the file building it
  Node construction{};              // its `Trainer(...)` call there
  bool fit = false;
  std::vector<std::pair<std::string, std::string>> classes;
};

struct LightningModuleClass {
  Node node{};
  std::string name;
  bool manualOptimization = false;
  // Its LightningModule bases of the project, as (file, class name).
  std::vector<std::pair<std::string, std::string>> projectBases;
  // The methods its body defines: a subclass runs a base's method unless
  // it defines its own.
  std::vector<std::string> methods;
  bool defines(std::string_view method) const {
    return std::find(methods.begin(), methods.end(), method) != methods.end();
  }
};

// One result of a `fabric.setup(...)`: the model it returns, or one of the
// optimizers.
struct SetupResult {
  const SetupCall* setup = nullptr;
  size_t slot = 0;  // 0: the model; 1…: the optimizers, in order
  bool isModel() const { return slot == 0; }
};

class FileModel;

// `roots`, then every class of `bases` (pairs of a class and the last name
// of a base, as classBaseNames() gives them) that derives from one of them
// by name, through any number of steps, each name once: a class's
// subclasses before theirs.
std::vector<std::string> subclassNames(
    std::vector<std::string> roots, const std::vector<std::pair<std::string, std::string>>& bases);

// Whether `step`, a `training_step` defined in `model`'s file, takes Lightning
// 1's `optimizer_idx`: its form for several optimizers.
bool takesOptimizerIndex(const FileModel& model, Node step);

// The `accelerator=` argument (or the `**kwargs` dict entry) that pins a
// `Fabric(...)` or `Trainer(...)` of `model`'s file to the CPU (`"cpu"`,
// `CPUAccelerator()`) on every path, or null. Other names fail earlier or
// elsewhere: "mps" with a DeepSpeed name is rejected by the connector on a
// Mac, "tpu" needs a TPU machine first.
Node cpuAcceleratorArgument(Node construction, const FileModel& model);

class FileModel {
 public:
  // Imports, bindings and the file's own Fabric subclasses; the rest comes
  // once it joins a project (ProjectModel::link, or attach alone), which
  // may resolve any of it through another file.
  FileModel(const SourceFile& file, const SyntaxTree& tree, ModelOptions options);

  const SourceFile& file() const { return file_; }
  const Imports& imports() const { return imports_; }
  // Once the project is known: imported names read where a project module
  // got them (Imports::retargets).
  void retargetImports(const Imports::Retargets& changes) { imports_.retarget(changes); }
  const Bindings& bindings() const { return bindings_; }
  const std::vector<FabricInstance>& fabrics() const { return fabrics_; }
  const std::vector<SetupCall>& setups() const { return setups_; }
  bool hasDeepSpeedSetup() const;
  const std::vector<TrainerInstance>& trainers() const { return trainers_; }
  const std::vector<ForeignTrainerRun>& foreignTrainerRuns() const { return foreignRuns_; }
  const std::vector<LightningModuleClass>& lightningModules() const { return modules_; }
  // `LightningCLI(Net)`, `TextCLI(model_class=Net)`: a class a call whose
  // callee's name ends in "CLI" hands over; the project keeps those whose
  // callee is LightningCLI or one of its subclasses.
  struct CliRun {
    std::string callee;  // its last name
    std::string path;    // the class's file and name there
    std::string className;
  };
  const std::vector<CliRun>& cliRuns() const { return cliRuns_; }

  // Resolves what may come from other files (Fabric subclasses, callers
  // handing in a Fabric or a model, LightningModule bases), in the one order
  // that works: subclasses, Fabrics, set-ups, launches, LightningModules,
  // each step over every file before the next. `index` already holds the
  // files (ProjectModel::link builds it); each file marks only its own
  // Fabrics launched.
  static void link(const std::vector<FileModel*>& files, const ProjectIndex& index,
                   const ForEach& forEach = inOrder);
  // Joins a project alone (a fix round's re-parse): link() over this file,
  // leaving the project's other files as they are.
  void attach(const ProjectIndex& index) { link({this}, index); }
  // Names a `from x import *` brings in, found in the project's modules:
  // set before calls between files are linked, since `from .trainer import
  // *` in a package's `__init__.py` is how many projects export a function.
  void resolveStarImports(const ProjectIndex& index);

  const ProjectIndex* index() const { return index_; }
  // The model of `file`, seen from this one: itself, or another of its
  // project's; null for a file outside the project.
  const FileModel* modelOfFile(const SourceFile* file) const;
  // What a name imported from a module of the project holds (`from config
  // import DS_CONFIG`, `config.STRATEGY`) when that module binds it once, in
  // its top-level code, and names it nowhere else, so that nothing there
  // changes it: that module's model and the assignment; else nulls.
  struct ImportedValue {
    const FileModel* file = nullptr;
    const Assignment* assignment = nullptr;
  };
  ImportedValue importedValue(Node expr) const;
  bool isFabricSubclass(std::string_view name) const;
  bool isPytorchLightningLiteSubclass(std::string_view name) const;
  // A class of this file deriving from Lightning's Trainer (`class Trainer(pl.Trainer)`).
  bool isTrainerSubclass(std::string_view name) const;
  // Each class of the file with the last name of each of its bases
  // (`class Runner(engine.Base)`: Runner, Base), as written.
  std::vector<std::pair<std::string, std::string>> classBaseNames() const;
  const LightningModuleClass* lightningModule(std::string_view name) const;
  // The method `name` of the class `cls` of this file, or of its
  // LightningModule bases here or in other files of the project: the file
  // defining it and its definition; nulls for none.
  std::pair<const FileModel*, Node> methodOfClass(Node cls, std::string_view name) const;
  // The calls that may have made the Trainer `expr` holds, through names
  // and the returns of helpers (of this file or, imported, of another), each
  // with the file it is in.
  std::vector<std::pair<const FileModel*, Node>> trainerOrigins(Node expr, Node scope) const;
  // The parsed arguments a Trainer is made from (`Trainer.from_argparse_args(args)`,
  // `Trainer(**vars(args))`), or null.
  Node parsedArgumentsOf(Node call) const;
  // Calls of `fn` from other files of the project.
  std::vector<const ForeignCall*> foreignCallers(const FunctionInfo* fn) const;
  // Which calls of this file count as running a function of it: only a
  // direct call (Bindings::calledFunction), or any (a method of its class,
  // a constructor, a launched function: Bindings::functionRunBy).
  enum class Runs { Direct, Any };
  struct Callee {
    const FileModel* file = nullptr;
    const FunctionInfo* function = nullptr;
  };
  // The function `call` runs, of this file or, imported, of another file of
  // the project, with the file defining it; nulls for none.
  Callee functionCalled(Node call, Runs runs) const;
  // What each `return` of the project function `call` runs gives, in the
  // file defining it: none when it runs none, or runs a class's `__init__`
  // (a construction gives the object, not what `__init__` returns).
  struct Returns {
    const FileModel* file = nullptr;
    const FunctionInfo* function = nullptr;
    std::vector<Node> values;
  };
  Returns returnsOfCalled(Node call, Runs runs) const;

  // The Fabrics an expression may hold, through names, parameters and callers.
  std::vector<const FabricInstance*> fabricsOf(Node expr, Node scope) const;

  // Which set-ups a query counts: every one that may have run, or only
  // those that run whenever the point does (not in some branch).
  enum class Counted { MayHaveRun, AlwaysRun };

  // Every way execution reaches `point` (in its scope), each with the
  // set-ups on `fabric` that ran before on that way. `receiver` is the
  // expression holding the Fabric at the point: through parameters, only the
  // callers that pass this Fabric are ways.
  std::vector<SetupRuns> setupsBefore(Node point, Node receiver, const FabricInstance* fabric,
                                      Counted counted) const;

  // The set-up result `expr` holds, if it holds one.
  std::optional<SetupResult> setupResultOf(Node expr, Node scope) const;
  // The set-up whose model (or one of whose optimizers) `expr` holds, or null.
  const SetupCall* setupOfModel(Node expr, Node scope) const;
  const SetupCall* setupOfOptimizer(Node expr, Node scope) const;

 private:
  bool attachSubclasses(const ProjectIndex& index);  // true when it found more
  void attachFabrics(const ProjectIndex& index);
  void attachSetups();
  // Whether the set-up `call` runs many times on `fabric`: in a loop that
  // does not make that Fabric anew.
  bool setUpRepeatedly(Node receiver, Node scope, Node call, const FabricInstance& fabric) const;
  // The Fabrics a `receiver.setup(...)` call sets up on.
  std::vector<const FabricInstance*> setupFabrics(Node receiver, Node scope, Node call) const;
  // The Fabrics, of this file or another, this file launches (`.launch()`,
  // a LightningLite subclass's `.run()`, `fabric._launched = True`), once
  // every file's Fabrics are attached.
  std::vector<const FabricInstance*> launchedFabrics() const;
  // Marks `fabric`, if it is one of this file's own, as launched.
  void markLaunched(const FabricInstance* fabric);
  bool attachModules();  // true when it found more LightningModules
  // Every class of the file, nested ones too, in document order: the index
  // holds them, so a fixpoint pass does not walk the whole tree again.
  std::vector<Node> classDefinitions() const;
  // Fabric and Trainer subclasses of the project, to a fixpoint in the file.
  bool collectSubclasses();
  void collectFabricsAndTrainers();
  void collectFits();
  void noteCliRun(Node call);
  // Calls `visit` with each class `value` may be made from: `Net(cfg)`, or
  // `Net.create(cfg)` and `Net.load_from_checkpoint(path)`, a class's own
  // factories, which make a Net too; through a function or `self` method of
  // this file (`initialize_model(cfg)`), what its returns make. A name that
  // is no class of the project matches none.
  void forEachClassMade(Node value, Node scope, const std::function<void(Node)>& visit,
                        int depth = 0) const;
  // The class a name stands for: (its file, its name there); this file's
  // path and the name as written when no project file defines it.
  std::pair<std::string, std::string> classNamed(Node cls) const;
  void collectFabricParameters();
  void collectSetups();
  void collectLightningModules();
  void fabricsOf(Node expr, Node scope, int depth, std::vector<const FabricInstance*>& out) const;
  bool isFabricConstruction(Node call) const;
  // `make = functools.partial(Trainer, strategy=...)`, then `make(...)`:
  // the `partial(...)` call the callee is bound to, or null.
  Node partialBehind(Node call) const;
  // `Trainer(...)`, `Trainer.from_argparse_args(...)`; a Hydra-built
  // Trainer is told apart by hydraTrainer().
  bool isTrainerConstruction(Node call) const;
  // The two above, given the call's partialBehind(), traced once per call.
  bool constructsFabric(Node call, Node partial) const;
  bool constructsTrainer(Node call, Node partial) const;
  // The project's Trainer subclass a callee names (`MyTrainer`,
  // `MyTrainer.from_argparse_args`): the file defining it and its name there.
  std::optional<ProjectIndex::Symbol> trainerSubclassCalled(Node callee) const;
  // The strategy the `__init__` of this file's Trainer subclass `className`
  // hands Lightning's Trainer: its `super().__init__(strategy=...)`, evaluated
  // there (through `__init__`'s callers); Lightning's default when it passes
  // none and no `**kwargs`; possibly DeepSpeed when it passes `**kwargs`, the
  // call gives no strategy and `__init__` names a DeepSpeed one
  // (`kwargs.setdefault(...)`). Empty when the call's own `strategy=` stands.
  // `call` constructs it, in `caller`'s file.
  std::optional<Strategy> initStrategy(std::string_view className, Node call,
                                       const FileModel& caller) const;
  // What `call` binds the parameter `name` of `init` to (its keyword, its
  // place, else the default), evaluated as a strategy; empty when `name` is
  // no parameter or the call unpacks `*args`/`**kwargs`.
  std::optional<Strategy> boundParameter(const FunctionInfo& init, Node name, Node call,
                                         const FileModel& caller) const;
  struct SetupQuery {
    const FabricInstance* fabric;
    Counted counted;
  };
  void setupsBefore(Node point, Node scope, Node receiver, const SetupQuery& query, int depth,
                    SetupRuns prefix, std::vector<SetupRuns>& out) const;
  bool ranBefore(const SetupCall& setup, Node point, const SetupQuery& query) const;
  bool everyBranchSetsUp(Node ifStatement, const FabricInstance* fabric) const;
  void setupsInside(const FunctionInfo* fn, const SetupQuery& query, int depth, bool repeated,
                    SetupRuns& out) const;
  void setupsInForeignCallees(Node scope, Node point, const SetupQuery& query, int depth,
                              bool repeated, SetupRuns& out) const;
  std::optional<SetupResult> setupResultOf(Node expr, Node scope, int depth) const;

  const SourceFile& file_;
  const ProjectIndex* index_ = nullptr;
  std::string_view source_;
  Node root_;
  const NodeTable* nodes_;  // the tree's nodes
  ModelOptions options_;
  Imports imports_;
  Bindings bindings_;
  std::vector<std::string> fabricSubclasses_;
  std::vector<std::string> liteSubclasses_;  // of them, pytorch_lightning LightningLites
  std::vector<std::string> trainerSubclasses_;
  std::vector<FabricInstance> fabrics_;
  std::vector<SetupCall> setups_;
  std::vector<TrainerInstance> trainers_;
  std::vector<ForeignTrainerRun> foreignRuns_;
  std::vector<CliRun> cliRuns_;
  bool importsFunctools_ = false;  // for partialBehind()
  std::vector<LightningModuleClass> modules_;
};

}  // namespace lightfix
