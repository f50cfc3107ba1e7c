#include "model/strategy.h"

#include <fmt/format.h>
#include <llvm/ADT/StringRef.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>

#include "core/budgets.h"
#include "core/source_file.h"
#include "model/constant_fold.h"
#include "model/dict_values.h"
#include "model/file_model.h"
#include "model/instance_attributes.h"
#include "model/lightning_classes.h"
#include "model/loaded_yaml.h"
#include "model/project_index.h"
#include "python/node.h"

namespace lightfix {

bool isDeepSpeedName(std::string_view name) {
  return llvm::StringRef(name).startswith_insensitive("deepspeed");
}

namespace {

Strategy found(Strategy::Kind kind, Node node, const FileModel& m, std::string why = {}) {
  Strategy s;
  s.kind = kind;
  s.evidence = node;
  s.evidenceFile = &m.file();
  s.why = std::move(why);
  return s;
}

// DeepSpeed on some runs only; the first reason found is kept.
Strategy weakened(Strategy s, const char* why) {
  if (!s.deepSpeed()) return s;
  if (s.kind == Strategy::DeepSpeed || s.why.empty()) s.why = why;
  s.kind = Strategy::MaybeDeepSpeed;
  return s;
}

// Of the ways a value may take, the one a message names and the rules
// read: the first DeepSpeed one, unless a later way selects DeepSpeed
// where the first only may (`strategy = name`, then `if …: strategy =
// DeepSpeedStrategy(stage=2)`): that call is what runs when DeepSpeed does.
void keepEvidence(Strategy& kept, const Strategy& s) {
  if (!s.deepSpeed()) return;
  if (!kept.deepSpeed() || (kept.kind == Strategy::MaybeDeepSpeed && s.kind == Strategy::DeepSpeed))
    kept = s;
}

Strategy evaluate(Node expr, Node scope, const FileModel& m, int depth);

// Which of Lightning's strategies a class of the project derives from
// (`class MyDeepSpeed(DeepSpeedStrategy)`, `class Custom(DDPStrategy)`),
// here or in the file it is imported from: DeepSpeed when any definition
// of the name may, another strategy when every one derives from one.
enum class StrategyBase { Unknown, Other, DeepSpeed };

// The literal start of a name built at run time: `f"deepspeed_stage_{n}"`,
// `"deepspeed_stage_" + n`, `"deepspeed_%s" % n`, `"deepspeed_{}".format(n)`;
// null for anything else.
std::optional<std::string> literalStart(Node expr, std::string_view source) {
  std::string text;
  if (is(expr, "string")) {
    for (Node part : namedChildren(expr)) {
      if (is(part, "string_start")) continue;
      if (is(part, "string_content") && namedChildCount(part) == 0)
        return std::string(textOf(part, source));
      return std::string();
    }
    return std::nullopt;
  }
  if (is(expr, "binary_operator") && stringLiteral(field(expr, "left"), source, text)) {
    std::string_view op = textOf(field(expr, "operator"), source);
    if (op == "+") return text;
    if (op == "%") return text.substr(0, text.find('%'));
    return std::nullopt;
  }
  MethodCall mc;
  if (is(expr, "call") && asMethodCall(expr, source, mc) && mc.method == "format" &&
      stringLiteral(mc.receiver, source, text))
    return text.substr(0, text.find('{'));
  return std::nullopt;
}

// A strategy name built at run time: what the known parts make of it (the
// whole name folded, or a start that decides the family: every DeepSpeed
// name begins with "deepspeed"); null when it is no such name.
std::optional<Strategy> builtName(Node expr, Node scope, const FileModel& m) {
  std::optional<std::string> start = literalStart(expr, m.file().text());
  if (!start) return std::nullopt;
  std::optional<Constant> whole = foldConstant(expr, scope, m);
  if (whole && whole->kind == Constant::Str)
    return isDeepSpeedName(whole->text) ? found(Strategy::DeepSpeed, expr, m) : Strategy{};
  if (isDeepSpeedName(*start)) return found(Strategy::DeepSpeed, expr, m);
  if (!llvm::StringRef("deepspeed").startswith_insensitive(*start)) return Strategy{};
  return found(Strategy::MaybeDeepSpeed, expr, m, "a name built from parts lightfix cannot read");
}

// One of Lightning's own strategy classes, by its qualified name.
StrategyBase lightningStrategy(const std::optional<std::string>& qualified) {
  if (qualified && isDeepSpeedStrategyClass(*qualified)) return StrategyBase::DeepSpeed;
  if (qualified && isOtherStrategyClass(*qualified)) return StrategyBase::Other;
  return StrategyBase::Unknown;
}

StrategyBase strategyBaseOf(Node callee, const FileModel& m, int depth) {
  if (depth > kMaxStrategyBases) return StrategyBase::Unknown;
  std::string_view source = m.file().text();
  const FileModel* file = &m;
  std::string name(textOf(callee, source));
  // An imported name is a class of the file it comes from; a bare one, of this file.
  if (auto q = m.imports().qualify(callee, source); q && m.index()) {
    auto sym = m.index()->symbol(m.file().path(), *q);
    if (!sym) return StrategyBase::Unknown;
    file = sym->file;
    name = sym->name;
  } else if (!is(callee, "identifier")) {
    return StrategyBase::Unknown;
  }
  bool any = false;
  bool allOther = true;
  bool deepSpeed = false;
  walk(file->bindings().module(), [&](Node n) {
    if (deepSpeed || !is(n, "class_definition")) return !deepSpeed;
    if (textOf(field(n, "name"), file->file().text()) != name) return true;
    StrategyBase here = StrategyBase::Unknown;
    for (Node base : namedChildren(field(n, "superclasses"))) {
      StrategyBase b = lightningStrategy(file->imports().qualify(base, file->file().text()));
      if (b == StrategyBase::Unknown && is(base, "identifier"))
        b = strategyBaseOf(base, *file, depth + 1);
      here = std::max(here, b);
    }
    any = true;
    deepSpeed = here == StrategyBase::DeepSpeed;
    allOther = allOther && here == StrategyBase::Other;
    return false;
  });
  if (deepSpeed) return StrategyBase::DeepSpeed;
  return any && allOther ? StrategyBase::Other : StrategyBase::Unknown;
}

// What an instance of the class `ref` runs: DeepSpeed for one of
// DeepSpeed's strategy classes or a project class deriving from one, not
// DeepSpeed for another strategy's; false when `ref` names no such class.
bool strategyClass(Node ref, Node evidence, const FileModel& m, Strategy& out) {
  StrategyBase base = lightningStrategy(m.imports().qualify(ref, m.file().text()));
  if (base == StrategyBase::Unknown) base = strategyBaseOf(ref, m, 0);
  if (base == StrategyBase::Unknown) return false;
  out = base == StrategyBase::DeepSpeed ? found(Strategy::DeepSpeed, evidence, m) : Strategy{};
  return true;
}

// A test's `@pytest.mark.parametrize("strategy", [...])` lists every value
// the parameter takes, also as tuples (`("strategy", "precision")`) and
// `pytest.param(...)` entries.
bool parametrized(const FunctionInfo& fn, int param, const FileModel& m, int depth, Strategy& out) {
  std::string_view source = m.file().text();
  Node decorated = parentOf(fn.node);
  if (!is(decorated, "decorated_definition")) return false;
  const std::string& name = fn.params[static_cast<size_t>(param)];
  for (Node decorator : namedChildren(decorated)) {
    Node call = namedChild(decorator, 0);
    std::string_view callee = textOf(field(call, "function"), source);
    if (!is(call, "call") || callee.size() < 11 ||
        callee.substr(callee.size() - 11) != "parametrize")
      continue;
    std::vector<Node> args = positionalArguments(field(call, "arguments"));
    if (args.size() < 2) continue;
    std::vector<std::string> names;
    std::string joined;
    if (stringLiteral(args[0], source, joined)) {
      for (size_t start = 0; start <= joined.size();) {
        size_t comma = joined.find(',', start);
        if (comma == std::string::npos) comma = joined.size();
        std::string one = joined.substr(start, comma - start);
        one.erase(0, one.find_first_not_of(' '));
        one.erase(one.find_last_not_of(' ') + 1);
        names.push_back(one);
        start = comma + 1;
      }
    } else {
      for (Node n : namedChildren(args[0])) {
        std::string one;
        if (stringLiteral(n, source, one)) names.push_back(one);
      }
    }
    auto at = std::find(names.begin(), names.end(), name);
    if (at == names.end()) continue;
    size_t index = static_cast<size_t>(at - names.begin());
    out = {};
    for (Node entry : namedChildren(args[1])) {
      std::vector<Node> values = namedChildren(entry);
      if (is(entry, "call")) values = positionalArguments(field(entry, "arguments"));
      Node value = names.size() == 1 && !is(entry, "call") ? entry
                   : index < values.size()                 ? values[index]
                                                           : Node{};
      if (isNull(value)) continue;
      Strategy s = evaluate(value, m.bindings().scopeOf(value), m, depth + 1);
      if (s.deepSpeed() && !out.deepSpeed()) out = weakened(s, "one of a test's parameters");
    }
    return true;
  }
  return false;
}

Node defaultOf(const FunctionInfo& fn, int param) {
  Node p = parentOf(fn.paramNodes[static_cast<size_t>(param)]);
  if (is(p, "default_parameter") || is(p, "typed_default_parameter")) return field(p, "value");
  return Node{};
}

// A parameter's strategy is what its callers pass (in any file), or its
// default where they pass nothing; with no caller seen, its default or the
// values a test parametrizes it with, else anything.
Strategy fromCallers(const Origin& o, const FileModel& m, int depth, Strategy maybe) {
  struct Caller {
    const FileModel* model;
    const CallSite* site;
  };
  std::vector<Caller> callers;
  for (const CallSite* site : m.bindings().callersOf(o.function)) callers.push_back({&m, site});
  for (const ForeignCall* call : m.foreignCallers(o.function))
    callers.push_back({call->model, &call->site});
  Node fallback = defaultOf(*o.function, o.param);
  if (callers.empty()) {
    Strategy s;
    if (parametrized(*o.function, o.param, m, depth, s)) return s;
    if (isNull(fallback)) return maybe;
    return weakened(evaluate(fallback, o.function->node, m, depth + 1),
                    "a parameter's default, with no caller seen");
  }
  bool all = true;
  Strategy any;
  for (const Caller& c : callers) {
    Node arg = c.model->bindings().argumentFor(*c.site, o.param);
    Strategy s = !isNull(arg)        ? evaluate(arg, c.site->scope, *c.model, depth + 1)
                 : !isNull(fallback) ? evaluate(fallback, o.function->node, m, depth + 1)
                                     : Strategy{};
    if (s.kind != Strategy::DeepSpeed) all = false;
    keepEvidence(any, s);
  }
  return all ? any : weakened(any, "some callers pass it");
}

bool declares(Node arguments, const std::string& dest, std::string_view source) {
  std::string explicitDest;
  if (stringLiteral(keywordArgument(arguments, "dest", source), source, explicitDest))
    return explicitDest == dest;
  for (Node arg : positionalArguments(arguments)) {
    std::string flag;
    if (!stringLiteral(arg, source, flag) || flag.rfind("--", 0) != 0) continue;
    std::string name = flag.substr(2);
    std::replace(name.begin(), name.end(), '-', '_');
    if (name == dest) return true;
  }
  return false;
}

// Maybe DeepSpeed when a launcher script of the project that may run this
// file passes `flag` a DeepSpeed name.
bool launcherGives(const std::string& flag, const FileModel& m, Strategy& out) {
  const LauncherFlag* given =
      m.index() ? m.index()->launcherPassing(flag, m.file().path()) : nullptr;
  if (!given) return false;
  out = {};
  out.kind = Strategy::MaybeDeepSpeed;
  out.why = "a launcher script passes it";
  out.externalPath = given->path;
  out.externalLine = given->line;
  return true;
}

bool launcherPasses(const std::string& dest, const FileModel& m, Strategy& out) {
  return launcherGives("--" + dest, m, out);
}

// What argparse gives `args.dest` by default, where `args =
// parser.parse_args()` (directly, through the script's own helper, or from a
// parser built in another file).
struct ParsedDefault {
  bool parsed = false;    // `args` is the result of `parse_args()`
  bool declared = false;  // an `add_argument` or `set_defaults` gives `dest`
  // The default's expression (null: none, so `None`), in `file`.
  Node value{};
  const FileModel* file = nullptr;
  Node choices{};  // the `choices=` of its `add_argument`, in `choicesFile`
  const FileModel* choicesFile = nullptr;
};

// The namespace `expr` reads as a dict: `ns.__dict__`, `vars(ns)`; or null.
Node namespaceOfDict(Node expr, std::string_view source) {
  if (is(expr, "attribute") && textOf(field(expr, "attribute"), source) == "__dict__")
    return field(expr, "object");
  if (!is(expr, "call") || textOf(field(expr, "function"), source) != "vars") return Node{};
  std::vector<Node> args = positionalArguments(field(expr, "arguments"));
  return args.size() == 1 ? args[0] : Node{};
}

// The dict `argparse.Namespace(**d)` is rebuilt from, keywords beside it
// allowed; or null.
Node rebuiltNamespaceDict(Node expr, const FileModel& m) {
  if (!is(expr, "call")) return Node{};
  std::optional<std::string> q = m.imports().qualify(field(expr, "function"), m.file().text());
  if (!q || *q != "argparse.Namespace") return Node{};
  Node dict{};
  for (Node arg : namedChildren(field(expr, "arguments"))) {
    if (is(arg, "keyword_argument") || is(arg, "comment")) continue;
    if (!is(arg, "dictionary_splat") || !isNull(dict)) return Node{};
    dict = namedChild(arg, 0);
  }
  return dict;
}

ParsedDefault parsedDefault(Node args, const std::string& dest, Node scope, const FileModel& m,
                            int depth) {
  std::string_view source = m.file().text();
  Origin o = m.bindings().trace(args, scope);
  if (o.kind == Origin::Parameter && depth <= kMaxStrategyDepth) {
    // `def main(args)`, called as `main(parser.parse_args())`: the caller's.
    std::vector<const CallSite*> callers = m.bindings().callersOf(o.function);
    if (callers.size() != 1) return {};
    Node passed = m.bindings().argumentFor(*callers[0], o.param);
    if (isNull(passed)) return {};
    return parsedDefault(passed, dest, callers[0]->scope, m, depth + 1);
  }
  for (int hops = 0; hops < kMaxHelperReturns && o.kind == Origin::Expression; ++hops) {
    const FunctionInfo* helper = m.bindings().calledFunction(o.expr);
    if (!helper) break;
    Node returned = m.bindings().returnedValue(helper);
    if (isNull(returned)) break;
    o = m.bindings().trace(returned, helper->node);
  }
  if (o.kind == Origin::Expression && depth <= kMaxStrategyDepth) {
    // `Namespace(**vars(args))`, `Namespace(**config, seed=0)`: a namespace
    // rebuilt from a dict of them, with keywords it adds (Python refuses one
    // the dict holds too).
    if (Node dict = rebuiltNamespaceDict(o.expr, m); !isNull(dict)) {
      Node given = keywordArgument(field(o.expr, "arguments"), dest, source);
      if (isNull(given)) return parsedDefault(dict, dest, o.scope, m, depth + 1);
      ParsedDefault out;
      out.parsed = out.declared = true;
      out.value = given;
      out.file = &m;
      return out;
    }
    // `parser.parse_args().__dict__`, `vars(args)`: the namespace read as
    // a dict (`args["strategy"]`), wherever it was parsed.
    if (Node ns = namespaceOfDict(o.expr, source); !isNull(ns))
      return parsedDefault(ns, dest, o.scope, m, depth + 1);
  }
  MethodCall mc;
  if (o.kind != Origin::Expression || !asMethodCall(o.expr, source, mc) ||
      (mc.method != "parse_args" && mc.method != "parse_known_args"))
    return {};

  // The parser is built here, or by a function of another file, which runs
  // first: its defaults are read before this file's.
  std::vector<const FileModel*> files;
  walk(mc.receiver, [&](Node n) {
    if (is(n, "call") && m.index())
      if (auto [file, fn] = m.index()->callee(m, n); file) files.push_back(file);
    return true;
  });
  files.push_back(&m);
  // The default the value has after the calls setting it, in document order:
  // `add_argument(..., default=)`, and `set_defaults(dest=...)`, which
  // replaces the default of an argument declared before it and gives one to
  // an argument declared after it without its own (or to none declared).
  ParsedDefault out;
  out.parsed = true;
  for (const FileModel* f : files) {
    std::string_view fsource = f->file().text();
    Node parserDefault{};  // set_defaults' value in this file, so far
    walkCalls(f->bindings().module(), [&](Node n) {
      MethodCall call;
      if (!asMethodCall(n, fsource, call)) return;
      Node value{};
      if (call.method == "set_defaults") {
        value = parserDefault = keywordArgument(call.arguments, dest, fsource);
        if (isNull(value)) return;
      } else if (call.method == "add_argument" && declares(call.arguments, dest, fsource)) {
        value = keywordArgument(call.arguments, "default", fsource);
        if (isNull(value)) value = parserDefault;
        if (isNull(out.choices)) {
          out.choices = keywordArgument(call.arguments, "choices", fsource);
          out.choicesFile = f;
        }
      } else {
        return;
      }
      out.declared = true;
      out.value = value;
      out.file = f;
    });
  }
  return out;
}

// What argparse says of `args.dest`.
enum class Argparse {
  NotParsed,   // `args` is not the result of `parse_args()`
  Undeclared,  // no `add_argument` declares `dest` (Lightning 1.x adds it)
  Declared,    // the value is in `out`
};

// `args.strategy` where `args = parser.parse_args()`: the default of the
// matching `add_argument` or a `set_defaults` (parsedDefault), maybe
// DeepSpeed when its choices offer it or a launcher script of the project
// passes a DeepSpeed name.
Argparse argparseDefault(Node args, const std::string& dest, Node scope, const FileModel& m,
                         int depth, Strategy& out) {
  ParsedDefault given = parsedDefault(args, dest, scope, m, depth);
  if (!given.parsed) return Argparse::NotParsed;
  if (!given.declared) return Argparse::Undeclared;
  out = isNull(given.value) ? Strategy{}
                            : evaluate(given.value, given.file->bindings().scopeOf(given.value),
                                       *given.file, depth + 1);
  if (!out.deepSpeed() && !isNull(given.choices))
    for (Node choice : namedChildren(given.choices)) {
      std::string text;
      if (stringLiteral(choice, given.choicesFile->file().text(), text) && isDeepSpeedName(text)) {
        out = found(Strategy::MaybeDeepSpeed, choice, *given.choicesFile, "an argparse choice");
        break;
      }
    }
  if (!out.deepSpeed()) launcherPasses(dest, m, out);
  return Argparse::Declared;
}

// What argparse says of `args.dest` where it is read, and what a script
// sets it to after parsing (`args.strategy = "deepspeed_stage_2"`): those
// values, and the default on a path that sets none.
Argparse argparseValue(Node args, const std::string& dest, Node scope, const FileModel& m,
                       int depth, Strategy& out) {
  Argparse given = argparseDefault(args, dest, scope, m, depth, out);
  if (given == Argparse::NotParsed || !is(args, "identifier")) return given;
  std::string target = std::string(textOf(args, m.file().text())) + "." + dest;
  ReachingAssignments set = m.bindings().reachingAll(target, scope, args);
  if (set.assignments.empty()) return given;
  bool all = true;
  Strategy any;
  for (const Assignment* a : set.assignments) {
    Strategy s = evaluate(a->value, a->scope, m, depth + 1);
    all = all && s.kind == Strategy::DeepSpeed;
    keepEvidence(any, s);
  }
  if (!set.onEveryPath) {
    // Undeclared, the default is Lightning 1.x's None, or what a launcher passes.
    Strategy before;
    if (given == Argparse::Declared) {
      before = out;
    } else {
      launcherPasses(dest, m, before);
    }
    all = all && before.kind == Strategy::DeepSpeed;
    keepEvidence(any, before);
  }
  out = all ? any : weakened(any, "set on some paths");
  return Argparse::Declared;
}

// A name assigned in this scope, maybe on several paths (`if`/`else`,
// `try`/`except`): DeepSpeed only when every path gives it, possibly when
// one does. Null when nothing here assigns it.
std::optional<Strategy> acrossPaths(Node name, Node scope, const FileModel& m, int depth) {
  ReachingAssignments reaching = m.bindings().reachingName(name, scope);
  if (reaching.assignments.empty()) return std::nullopt;
  ReachingAssignments taking = takenAssignments(reaching, scope, m);
  const std::vector<const Assignment*>& taken = taking.assignments;
  bool every = taking.onEveryPath;
  if (taken.empty()) return std::nullopt;
  Strategy first;
  for (const Assignment* a : taken) {
    Strategy s = a->index >= 0 ? found(Strategy::MaybeDeepSpeed, a->value, m,
                                       "a value lightfix cannot resolve")
                               : evaluate(a->value, a->scope, m, depth + 1);
    every = every && s.kind == Strategy::DeepSpeed;
    keepEvidence(first, s);
  }
  return every ? first : weakened(first, "one branch of an `if` or `try`");
}

// The methods of this file `self.name(...)` in a method of a class may run:
// the class's own or its nearest base's, and every override in a subclass
// (`MegatronStableDiffusionTrainerBuilder._training_strategy`). Empty when
// the call is no such call.
std::vector<const FunctionInfo*> selfMethodsRun(Node call, Node scope, const FileModel& m) {
  std::string_view source = m.file().text();
  MethodCall mc;
  const FunctionInfo* caller = m.bindings().function(scope);
  if (!asMethodCall(call, source, mc) || !caller || isNull(caller->ownerClass) ||
      caller->params.empty() || !is(mc.receiver, "identifier") ||
      textOf(mc.receiver, source) != caller->params[0])
    return {};
  std::vector<std::pair<std::string, std::string>> bases = m.classBaseNames();
  std::string owner(textOf(field(caller->ownerClass, "name"), source));
  std::vector<const FunctionInfo*> out;
  std::vector<std::string> chain = {owner};  // up through the bases of this file
  for (size_t i = 0; i < chain.size() && out.empty() && i < kMaxStrategyDepth; ++i) {
    if (const FunctionInfo* fn = m.bindings().methodOfClass(chain[i], mc.method)) {
      out.push_back(fn);
      break;
    }
    for (const auto& [cls, base] : bases)
      if (cls == chain[i]) chain.push_back(base);
  }
  std::vector<std::string> below = subclassNames({owner}, bases);
  for (size_t i = 1; i < below.size(); ++i)
    if (const FunctionInfo* fn = m.bindings().methodOfClass(below[i], mc.method))
      if (std::find(out.begin(), out.end(), fn) == out.end()) out.push_back(fn);
  return out;
}

// `make_strategy(args)`, `self._training_strategy()`: what the functions of
// the project a call may run return, DeepSpeed when every return gives it,
// possibly when one does. Null for a constructor, or when none returns a
// value.
std::optional<Strategy> fromHelper(Node call, Node scope, const FileModel& m, int depth) {
  std::vector<std::pair<const FileModel*, const FunctionInfo*>> run;
  for (const FunctionInfo* fn : selfMethodsRun(call, scope, m)) run.emplace_back(&m, fn);
  if (run.empty()) {
    if (FileModel::Returns r = m.returnsOfCalled(call, FileModel::Runs::Any); r.function)
      run.emplace_back(r.file, r.function);
  }
  bool every = true;
  bool any = false;
  Strategy first;
  for (const auto& [file, fn] : run)
    for (Node value : file->bindings().returnedValues(fn)) {
      Strategy s = evaluate(value, file->bindings().scopeOf(value), *file, depth + 1);
      every = every && s.kind == Strategy::DeepSpeed;
      any = true;
      keepEvidence(first, s);
    }
  if (!any) return std::nullopt;
  std::string why = fmt::format("one of the values `{}` returns", run.front().second->name);
  return every ? first : weakened(first, why.c_str());
}

// What the paths a dict takes give a key: DeepSpeed when each gives it.
Strategy fromValues(const KeyValues& kv, Node where, const FileModel& m, int depth,
                    const char* unreadable) {
  bool every = kv.complete && !kv.values.empty();
  Strategy first;
  for (const KeyValue& v : kv.values) {
    Strategy s = isNull(v.node) ? Strategy{} : evaluate(v.node, v.scope, *v.model, depth + 1);
    every = every && s.kind == Strategy::DeepSpeed;
    keepEvidence(first, s);
  }
  if (every) return first;
  if (first.deepSpeed()) return weakened(first, "one way the dict it comes from is built");
  if (!kv.complete) return found(Strategy::MaybeDeepSpeed, where, m, unreadable);
  return {};
}

// What a YAML file a script loads gives a strategy: DeepSpeed with its
// line, another name, Lightning's default where it sets none; a mapping or
// a list is nothing lightfix reads.
Strategy fromLoadedYaml(const LoadedYamlValue& v, Node expr, const FileModel& m) {
  switch (v.entry.kind) {
    case YamlEntry::Absent:
      return {};
    case YamlEntry::Scalar:
      if (!isDeepSpeedName(v.entry.scalar.value)) return {};
      return strategyOfConfig({Strategy::DeepSpeed, v.path, v.entry.scalar.line, {}});
    case YamlEntry::Other:
      break;
  }
  return found(Strategy::MaybeDeepSpeed, expr, m, "a value lightfix cannot resolve");
}

// `cfg["strategy"]`, `cfg["trainer"]["strategy"]`: the keys of a dict.
Strategy fromSubscript(Node expr, Node scope, const FileModel& m, int depth) {
  std::vector<std::string> keys;
  Node base = expr;
  for (; is(base, "subscript"); base = field(base, "value")) {
    std::string key;
    if (!stringLiteral(field(base, "subscript"), m.file().text(), key))
      return found(Strategy::MaybeDeepSpeed, expr, m, "a value lightfix cannot resolve");
    keys.insert(keys.begin(), key);
  }
  KeyValues kv = keyValuesAt(base, keys, expr, scope, m);
  if (kv.values.empty() && !kv.complete) {
    if (LoadedYamlValue loaded = loadedYamlValue(expr, scope, m); loaded.loaded)
      return fromLoadedYaml(loaded, expr, m);
    // `args["strategy"]` where `args = vars(parser.parse_args())`.
    Strategy fromArgs;
    if (keys.size() == 1 &&
        argparseValue(base, keys[0], scope, m, depth, fromArgs) == Argparse::Declared)
      return fromArgs;
  }
  return fromValues(kv, expr, m, depth, "a value lightfix cannot resolve");
}

Strategy evaluate(Node expr, Node scope, const FileModel& m, int depth) {
  std::string_view source = m.file().text();
  Strategy maybe = found(Strategy::MaybeDeepSpeed, expr, m, "a value lightfix cannot resolve");
  if (isNull(expr)) return {};  // Lightning's default, "auto", is never DeepSpeed
  if (depth > kMaxStrategyDepth) return maybe;
  if (is(expr, "parenthesized_expression")) {
    std::vector<Node> inner = namedChildren(expr);
    return inner.size() == 1 ? evaluate(inner[0], scope, m, depth + 1) : maybe;
  }
  std::string literal;
  if (stringLiteral(expr, source, literal))
    return isDeepSpeedName(literal) ? found(Strategy::DeepSpeed, expr, m) : Strategy{};
  if (std::optional<Strategy> built = builtName(expr, scope, m)) return *built;
  if (is(expr, "none")) return {};
  if (is(expr, "conditional_expression")) {
    // `DeepSpeedStrategy(...) if devices > 1 else "auto"`: the branch a
    // known `devices` takes, else on some runs.
    std::vector<Node> parts = namedChildren(expr);
    if (parts.size() == 3)
      if (std::optional<bool> taken = foldCondition(parts[1], scope, m))
        return evaluate(*taken ? parts[0] : parts[2], scope, m, depth + 1);
    Strategy best;
    for (Node branch : conditionalBranches(expr)) {
      Strategy s = evaluate(branch, scope, m, depth + 1);
      keepEvidence(best, s);
    }
    return weakened(best, "one branch of a conditional");
  }
  if (is(expr, "call")) {
    // `getattr(args, "strategy", "ddp")`: argparse sets every option it
    // declares, so the fallback is never read.
    if (AttributeRead read; asAttributeRead(expr, source, read)) {
      Strategy fromArgs;
      if (argparseValue(read.object, read.name, scope, m, depth, fromArgs) == Argparse::Declared)
        return fromArgs;
    }
    Node callee = field(expr, "function");
    Strategy s;
    if (strategyClass(callee, expr, m, s)) return s;
    if (const StrategySource* group = m.index() ? m.index()->hydraStrategyGroup() : nullptr;
        group && hydraInstantiates(expr, m, "strategy"))
      return strategyOfConfig(*group);
    // `cls(...)` with `cls` a parameter: the classes its callers pass; a
    // name bound to classes (`cls = A if xla else B`): those classes.
    if (is(callee, "identifier")) {
      Origin o = m.bindings().trace(callee, scope);
      if (o.kind == Origin::Parameter) return fromCallers(o, m, depth, maybe);
      if (o.kind == Origin::Expression && o.index < 0 && !sameNode(o.expr, callee) &&
          !is(o.expr, "call"))
        return evaluate(callee, scope, m, depth + 1);
    }
    if (std::optional<Strategy> returned = fromHelper(expr, scope, m, depth)) return *returned;
    return maybe;
  }
  if (is(expr, "subscript")) return fromSubscript(expr, scope, m, depth);
  if (is(expr, "attribute")) {
    Strategy fromArgs;
    std::string dest(textOf(field(expr, "attribute"), source));
    if (argparseValue(field(expr, "object"), dest, scope, m, depth, fromArgs) == Argparse::Declared)
      return fromArgs;
    if (LoadedYamlValue loaded = loadedYamlValue(expr, scope, m); loaded.loaded)
      return fromLoadedYaml(loaded, expr, m);
    // `strategy=cfg.strategy` with `cfg = TrainConfig()`: what its class sets.
    if (InstanceAttribute held = instanceAttribute(expr, scope, m); held.file)
      return evaluate(held.value, held.scope, *held.file, depth + 1);
  }
  if (is(expr, "identifier") || is(expr, "attribute")) {
    // A class, as a parameter's argument (`run(DDPStrategy)`) or a name's value.
    Strategy s;
    if (strategyClass(expr, expr, m, s)) return s;
    if (is(expr, "identifier"))
      if (std::optional<Strategy> paths = acrossPaths(expr, scope, m, depth)) return *paths;
    Origin o = m.bindings().trace(expr, scope);
    if (o.kind == Origin::Expression && o.index < 0 && !sameNode(o.expr, expr))
      return evaluate(o.expr, o.scope, m, depth + 1);
    if (o.kind == Origin::Parameter) return fromCallers(o, m, depth, maybe);
    // `from config import STRATEGY`: what the module of the project binds.
    if (FileModel::ImportedValue v = m.importedValue(expr); v.file)
      return evaluate(v.assignment->value, v.assignment->scope, *v.file, depth + 1);
  }
  return maybe;
}

}  // namespace

Strategy strategyOfConfig(const StrategySource& config) {
  Strategy s;
  s.kind = config.kind;
  s.why = config.why;
  s.externalPath = config.path;
  s.externalLine = config.line;
  return s;
}

namespace {

// `cfg.<group>` or `cfg["<group>"]`: a Hydra config group's node of a config.
bool namesConfigGroup(Node expr, std::string_view source, std::string_view group) {
  std::string key;
  if (is(expr, "subscript") && stringLiteral(field(expr, "subscript"), source, key))
    return key == group;
  return is(expr, "attribute") && textOf(field(expr, "attribute"), source) == group;
}

}  // namespace

bool hydraInstantiates(Node call, const FileModel& model, std::string_view group) {
  std::string_view source = model.file().text();
  auto q = model.imports().qualify(field(call, "function"), source);
  if (!q || (*q != "hydra.utils.instantiate" && *q != "hydra.utils.call")) return false;
  std::vector<Node> args = positionalArguments(field(call, "arguments"));
  return !args.empty() && namesConfigGroup(args[0], source, group);
}

bool launcherOverridesHydraTrainer(const FileModel& model, Strategy& out) {
  return launcherGives(std::string(kHydraTrainerStrategy), model, out);
}

Strategy evaluateStrategy(Node expr, Node scope, const FileModel& model) {
  return evaluate(expr, scope, model, 0);
}

bool citesDeepSpeed(const Strategy& strategy, const FileModel& model) {
  if (!strategy.deepSpeed() || isNull(strategy.evidence)) return false;
  const FileModel* file = strategy.evidenceFile ? model.modelOfFile(strategy.evidenceFile) : &model;
  if (!file) return false;
  Node scope = file->bindings().scopeOf(strategy.evidence);
  return evaluate(strategy.evidence, scope, *file, 0).kind == Strategy::DeepSpeed;
}

namespace {

// `Trainer(**cfg.trainer)`, `Trainer(**cfg["trainer"])` in a project with a
// Hydra `trainer/` group: the config Hydra composes is what it unpacks.
bool splatsHydraTrainer(Node call, const FileModel& model) {
  if (!model.index() || !model.index()->hasHydraTrainerGroup()) return false;
  std::string_view source = model.file().text();
  for (Node arg : namedChildren(field(call, "arguments")))
    if (is(arg, "dictionary_splat") && namesConfigGroup(namedChild(arg, 0), source, "trainer"))
      return true;
  return false;
}

// The primary config of a function Hydra runs: `@hydra.main(config_path=
// "conf", config_name="config")`, or NeMo's `@hydra_runner(...)`, as the
// path of the YAML file beside the code; empty for another function.
std::string hydraPrimaryConfig(const FunctionInfo& fn, const FileModel& model) {
  std::string_view source = model.file().text();
  Node decorated = parentOf(fn.node);
  if (!is(decorated, "decorated_definition")) return {};
  for (Node decorator : namedChildren(decorated)) {
    Node call = namedChild(decorator, 0);
    if (!is(call, "call")) continue;
    std::optional<std::string> q = model.imports().qualify(field(call, "function"), source);
    std::string_view name = q ? std::string_view(*q) : std::string_view();
    bool runner = name.size() >= 12 && name.substr(name.size() - 12) == "hydra_runner";
    if (name != "hydra.main" && !runner) continue;
    Node args = field(call, "arguments");
    std::string folder = ".";
    std::string config;
    stringLiteral(keywordArgument(args, "config_path", source), source, folder);
    if (!stringLiteral(keywordArgument(args, "config_name", source), source, config)) return {};
    if (config.size() < 5 ||
        (config.substr(config.size() - 5) != ".yaml" && config.substr(config.size() - 4) != ".yml"))
      config += ".yaml";
    std::filesystem::path here = std::filesystem::path(model.file().path()).parent_path();
    return (here / folder / config).lexically_normal().string();
  }
  return {};
}

// `Trainer(**cfg.trainer)` in a function Hydra runs with a primary config
// whose inline `trainer:` section sets a strategy: that strategy. Null
// when the call splats no such section, or the config sets none.
std::optional<Strategy> hydraInlineTrainer(Node call, const FileModel& model) {
  if (!model.index()) return std::nullopt;
  std::string_view source = model.file().text();
  for (Node arg : namedChildren(field(call, "arguments"))) {
    Node section = namedChild(arg, 0);
    if (!is(arg, "dictionary_splat") || !namesConfigGroup(section, source, "trainer")) continue;
    Node cfg = is(section, "subscript") ? field(section, "value") : field(section, "object");
    if (!is(cfg, "identifier")) continue;
    Origin o = model.bindings().trace(cfg, model.bindings().scopeOf(call));
    if (o.kind != Origin::Parameter || !o.function) continue;
    std::string config = hydraPrimaryConfig(*o.function, model);
    if (config.empty()) continue;
    if (std::optional<StrategySource> set = model.index()->yamlTrainerStrategy(config))
      return strategyOfConfig(*set);
  }
  return std::nullopt;
}

}  // namespace

Strategy evaluateSplatStrategy(Node call, const FileModel& model) {
  KeyValues kv = keywordValues(call, "strategy", model);
  // `Fabric(*args)` may pass it by position.
  for (Node arg : namedChildren(field(call, "arguments")))
    if (is(arg, "list_splat")) kv.complete = false;
  // A dict the file cannot read may still be one Hydra composes.
  if (kv.values.empty() && !kv.complete && splatsHydraTrainer(call, model)) {
    const StrategySource* yaml = model.index()->hydraTrainer();
    Strategy s = yaml ? strategyOfConfig(*yaml) : Strategy{};
    if (s.kind == Strategy::NotDeepSpeed) launcherOverridesHydraTrainer(model, s);
    return s;
  }
  if (kv.values.empty() && !kv.complete)
    if (std::optional<Strategy> inline_ = hydraInlineTrainer(call, model)) {
      if (inline_->kind == Strategy::NotDeepSpeed) launcherOverridesHydraTrainer(model, *inline_);
      return *inline_;
    }
  // `Trainer(**cfg["trainer"])`, `cfg` a YAML file the script loads.
  if (kv.values.empty() && !kv.complete)
    for (Node arg : namedChildren(field(call, "arguments")))
      if (is(arg, "dictionary_splat")) {
        Node dict = namedChild(arg, 0);
        LoadedYamlValue loaded =
            loadedYamlValue(dict, model.bindings().scopeOf(call), model, {"strategy"});
        if (loaded.loaded) return fromLoadedYaml(loaded, dict, model);
      }
  return fromValues(kv, call, model, 0, "`**kwargs` may carry it");
}

std::optional<KeyValue> argparseDefault(Node args, const std::string& dest, Node scope,
                                        const FileModel& model) {
  ParsedDefault given = parsedDefault(args, dest, scope, model, 0);
  if (!given.declared) return std::nullopt;
  if (isNull(given.value)) return KeyValue{};
  return KeyValue{given.value, given.file->bindings().scopeOf(given.value), given.file};
}

Strategy evaluateStrategyArgument(Node args, Node scope, const FileModel& model) {
  Strategy out;
  switch (argparseValue(args, "strategy", scope, model, 0, out)) {
    case Argparse::Declared:
      return out;
    case Argparse::Undeclared:
      // Lightning 1.x's `Trainer.add_argparse_args` adds `--strategy`,
      // default None: only what a launcher passes.
      out = {};
      launcherPasses("strategy", model, out);
      return out;
    case Argparse::NotParsed:
      break;
  }
  return found(Strategy::MaybeDeepSpeed, args, model, "the arguments may carry it");
}

}  // namespace lightfix
