#include "model/dict_values.h"

#include <set>
#include <string_view>

#include "core/budgets.h"
#include "core/source_file.h"
#include "model/constant_fold.h"
#include "model/file_model.h"
#include "model/project_index.h"
#include "python/flow.h"
#include "python/node.h"
#include "semantics/bindings.h"

namespace lightfix {
namespace {

using Path = std::vector<std::string>;

KeyValues absent() { return {{KeyValue{}}, true}; }
KeyValues unknown() { return {{}, false}; }

// Whether a dict's method only reads it (`d.get(k)`, `d.copy()`), leaving
// every key as it was.
bool onlyReads(std::string_view method) {
  return method == "get" || method == "items" || method == "keys" || method == "values" ||
         method == "copy";
}

// Later paths add to what reaches; a set on every path replaces it.
void assign(KeyValues& into, KeyValues value, bool onEveryPath) {
  if (onEveryPath) {
    into = std::move(value);
    return;
  }
  into.values.insert(into.values.end(), value.values.begin(), value.values.end());
  into.complete = into.complete && value.complete;
}

void merge(KeyValues& into, const KeyValues& other) { assign(into, other, false); }

Node unparenthesized(Node n) {
  while (is(n, "parenthesized_expression") && namedChildCount(n) == 1) n = namedChild(n, 0);
  return n;
}

bool isDictCall(Node n, std::string_view source) {
  if (!is(n, "call")) return false;
  std::string_view callee = textOf(field(n, "function"), source);
  return callee == "dict" || callee == "OrderedDict" || callee == "collections.OrderedDict";
}

struct Query {
  const Path& path;
  const FileModel& m;
  std::string_view source;
};

KeyValues valuesAt(Node dict, const Path& path, size_t from, Node point, Node scope,
                   const FileModel& m, int depth);

// `path[from]` of a value, then the rest of the path inside it.
KeyValues descend(Node value, const Path& path, size_t from, Node scope, const FileModel& m,
                  int depth) {
  if (from == path.size()) return {{KeyValue{value, scope, &m}}, true};
  return valuesAt(value, path, from, value, scope, m, depth + 1);
}

// The key in a dict written in place: `{"strategy": ..., **base}`,
// `dict(base, strategy=...)`; later entries override earlier ones.
KeyValues inLiteral(Node dict, const Path& path, size_t from, Node scope, const FileModel& m,
                    int depth) {
  std::string_view source = m.file().text();
  const std::string& key = path[from];
  KeyValues out = absent();
  if (is(dict, "dictionary")) {
    for (Node entry : namedChildren(dict)) {
      std::string written;
      if (is(entry, "pair")) {
        if (!stringLiteral(field(entry, "key"), source, written))
          out = unknown();
        else if (written == key)
          out = descend(field(entry, "value"), path, from + 1, scope, m, depth);
      } else if (is(entry, "dictionary_splat")) {
        out = valuesAt(namedChild(entry, 0), path, from, entry, scope, m, depth + 1);
      }
    }
    return out;
  }
  for (Node arg : namedChildren(field(dict, "arguments"))) {
    if (is(arg, "keyword_argument")) {
      if (textOf(field(arg, "name"), source) == key)
        out = descend(field(arg, "value"), path, from + 1, scope, m, depth);
    } else if (is(arg, "dictionary_splat")) {
      out = valuesAt(namedChild(arg, 0), path, from, arg, scope, m, depth + 1);
    } else if (!is(arg, "comment")) {
      out = valuesAt(arg, path, from, arg, scope, m, depth + 1);
    }
  }
  return out;
}

// A loop body between `a` and `b` may run no time at all.
bool loopBetween(Node a, Node b) {
  for (Node p = parentOf(a); !isNull(p) && !contains(p, b); p = parentOf(p))
    if (is(p, "for_statement") || is(p, "while_statement")) return true;
  return false;
}

bool runsOnEveryPath(Node statement, Node point) {
  return runsBefore(statement, point) && !loopBetween(statement, point);
}

// Calls that read a dict handed to them and never change it.
bool onlyReads(Node call, std::string_view source) {
  static const std::set<std::string_view> readers = {
      "print",     "len",           "str",
      "repr",      "sorted",        "list",
      "tuple",     "isinstance",    "type",
      "bool",      "dict",          "deepcopy",
      "copy.copy", "copy.deepcopy", "json.dumps",
      "json.dump", "yaml.dump",     "yaml.safe_dump",
      "pprint",    "pprint.pprint", "OmegaConf.create"};
  static const std::set<std::string_view> loggers = {"info",  "debug", "warning",
                                                     "warn",  "error", "log_hyperparams",
                                                     "print", "log",   "save_hyperparameters"};
  Node callee = field(call, "function");
  std::string_view name = textOf(callee, source);
  if (readers.count(name)) return true;
  return is(callee, "attribute") && loggers.count(textOf(field(callee, "attribute"), source));
}

// Applies the changes made to the dict named `name` between `after` and
// `point` in `scope`.
class Mutations {
 public:
  Mutations(std::string_view name, const Path& path, Node point, Node scope, const FileModel& m,
            int depth)
      : name_(name),
        path_(path),
        point_(point),
        scope_(scope),
        m_(m),
        source_(m.file().text()),
        depth_(depth) {}

  void apply(uint32_t after, KeyValues& kv) {
    Node body = is(scope_, "function_definition") ? field(scope_, "body") : scope_;
    walk(body, [&](Node n) {
      if (endOf(n) <= after || startOf(n) >= startOf(point_)) return false;
      if (is(n, "function_definition") || is(n, "class_definition") || is(n, "lambda"))
        return false;
      if (is(n, "identifier") && textOf(n, source_) == name_ && endOf(n) <= startOf(point_))
        use(n, kv);
      return true;
    });
  }

 private:
  void set(Node where, KeyValues value, KeyValues& kv) {
    // A change in a branch the program's constants skip changes nothing;
    // in one they take, it is made on every path.
    Node statement = enclosingStatement(where);
    std::optional<bool> runs = branchesRun(statement, scope_, m_);
    if (runs == false) return;
    assign(kv, std::move(value), runs == true || runsOnEveryPath(statement, point_));
  }

  bool related(const Path& keys) const {
    for (size_t i = 0; i < keys.size() && i < path_.size(); ++i)
      if (keys[i] != path_[i]) return false;
    return true;
  }

  void storeUnknown(const Path& keys, Node where, KeyValues& kv) {
    if (related(keys)) set(where, unknown(), kv);
  }

  // A store to `keys` (all literal) of `value`, or their deletion (null).
  void store(const Path& keys, Node value, Node where, KeyValues& kv) {
    if (!related(keys)) return;
    if (keys.size() > path_.size()) return set(where, unknown(), kv);
    KeyValues v =
        isNull(value) ? absent() : descend(value, path_, keys.size(), scope_, m_, depth_ + 1);
    set(where, std::move(v), kv);
  }

  void subscriptUse(Node n, KeyValues& kv) {
    Path keys;
    bool literal = true;
    Node top = parentOf(n);
    for (Node cur = top; is(cur, "subscript"); cur = parentOf(cur)) {
      std::string key;
      if (!stringLiteral(field(cur, "subscript"), source_, key)) literal = false;
      keys.push_back(key);
      top = cur;
      if (!sameNode(field(parentOf(cur), "value"), cur)) break;
    }
    Node up = parentOf(top);
    bool stored = (is(up, "assignment") || is(up, "augmented_assignment")) &&
                  sameNode(field(up, "left"), top);
    bool deleted = is(up, "delete_statement") || is(parentOf(up), "delete_statement");
    if (!stored && !deleted) return;  // a read
    if (!literal) return set(up, unknown(), kv);
    if (is(up, "augmented_assignment")) return storeUnknown(keys, up, kv);
    store(keys, deleted ? Node{} : field(up, "right"), up, kv);
  }

  void methodUse(Node n, const MethodCall& mc, KeyValues& kv) {
    std::string_view method = mc.method;
    if (onlyReads(method) || method == "__contains__") return;
    std::vector<Node> positional = positionalArguments(mc.arguments);
    std::string key;
    bool literalKey = !positional.empty() && stringLiteral(positional[0], source_, key);
    if (method == "pop") {
      if (!literalKey) return set(n, unknown(), kv);
      return store({key}, Node{}, n, kv);
    }
    if (method == "setdefault") {
      if (!literalKey) return set(n, unknown(), kv);
      if (key != path_[0]) return;
      KeyValues added = positional.size() > 1
                            ? descend(positional[1], path_, 1, scope_, m_, depth_ + 1)
                            : KeyValues{{KeyValue{}}, true};
      return merge(kv, added);
    }
    if (method != "update") return set(n, unknown(), kv);
    for (Node arg : namedChildren(mc.arguments)) {
      if (is(arg, "keyword_argument")) {
        std::string k(textOf(field(arg, "name"), source_));
        store({k}, field(arg, "value"), n, kv);
      } else if (is(arg, "comment")) {
        continue;
      } else {
        Node mapping = is(arg, "dictionary_splat") ? namedChild(arg, 0) : arg;
        KeyValues v = valuesAt(mapping, path_, 0, n, scope_, m_, depth_ + 1);
        // A mapping without the key leaves it as it was.
        bool without = v.complete && !v.values.empty();
        for (const KeyValue& one : v.values) without = without && isNull(one.node);
        if (!without) set(n, std::move(v), kv);
      }
    }
  }

  void use(Node n, KeyValues& kv) {
    Node p = parentOf(n);
    // `x.name` and `name=` are other names.
    if ((is(p, "attribute") && sameNode(field(p, "attribute"), n)) ||
        (is(p, "keyword_argument") && sameNode(field(p, "name"), n)))
      return;
    if (is(p, "subscript") && sameNode(field(p, "value"), n)) return subscriptUse(n, kv);
    MethodCall mc;
    if (is(p, "attribute") && asMethodCall(parentOf(p), source_, mc) && sameNode(mc.receiver, n))
      return methodUse(parentOf(p), mc, kv);
    // Handed to a call that may change it, or aliased.
    Node call = is(p, "argument_list")      ? parentOf(p)
                : is(p, "keyword_argument") ? parentOf(parentOf(p))
                                            : Node{};
    if (!isNull(call) && !onlyReads(call, source_)) return set(call, unknown(), kv);
    if ((is(p, "assignment") && sameNode(field(p, "right"), n)) ||
        (is(p, "augmented_assignment") && sameNode(field(p, "left"), n)))
      return set(p, unknown(), kv);
  }

  std::string_view name_;
  const Path& path_;
  Node point_;
  Node scope_;
  const FileModel& m_;
  std::string_view source_;
  int depth_;
};

struct Caller {
  const FileModel* model;
  const CallSite* site;
};

// The calls of `fn`, of its own file and of others.
std::vector<Caller> callersOf(const FunctionInfo& fn, const FileModel& m) {
  std::vector<Caller> callers;
  for (const CallSite* site : m.bindings().callersOf(&fn)) callers.push_back({&m, site});
  for (const ForeignCall* call : m.foreignCallers(&fn))
    callers.push_back({call->model, &call->site});
  return callers;
}

// A parameter holding a dict (`def train(model, trainer_kwargs)`): what
// each caller passes for it. A caller leaving it to its default, or passing
// `*args`, may give anything.
KeyValues fromArguments(const FunctionInfo& fn, int param, const Path& path, const FileModel& m,
                        int depth) {
  std::vector<Caller> callers = callersOf(fn, m);
  if (callers.empty()) return unknown();
  KeyValues out{{}, true};
  for (const Caller& c : callers) {
    Node arg = c.model->bindings().argumentFor(*c.site, param);
    if (isNull(arg) || is(arg, "list_splat") || is(arg, "dictionary_splat")) {
      out.complete = false;
      continue;
    }
    merge(out, valuesAt(arg, path, 0, c.site->call, c.site->scope, *c.model, depth + 1));
  }
  return out;
}

// Whether `object` is `self`, or a name bound to `self` alone where it is
// used (`model = self`).
bool isSelf(Node object, const FileModel& m) {
  std::string_view source = m.file().text();
  if (textOf(object, source) == "self") return true;
  if (!is(object, "identifier")) return false;
  ReachingAssignments r = m.bindings().reachingName(object, m.bindings().scopeOf(object));
  return r.onEveryPath && r.assignments.size() == 1 && r.assignments[0]->index < 0 &&
         textOf(r.assignments[0]->value, source) == "self";
}

// Whether `use`, a mention of a dict attribute, leaves its key `key` as it
// is: it unpacks the dict (`**self.kwargs`), calls a method that only reads
// it (`self.kwargs.get("callbacks")`, `.copy()`), takes out another literal
// key (`self.kwargs.pop("callbacks", [])`), or reads or writes another
// literal key (`self.kwargs["val_check_interval"] = 1`).
bool leavesKeyAlone(Node use, std::string_view key, std::string_view source) {
  Node parent = parentOf(use);
  if (is(parent, "dictionary_splat")) return true;
  if (is(parent, "attribute") && is(parentOf(parent), "call")) {
    std::string_view method = textOf(field(parent, "attribute"), source);
    std::vector<Node> args = positionalArguments(field(parentOf(parent), "arguments"));
    std::string popped;
    if (method == "pop" && !args.empty() && stringLiteral(args[0], source, popped))
      return popped != key;
    return onlyReads(method);
  }
  if (!is(parent, "subscript") || !sameNode(field(parent, "value"), use)) return false;
  std::string other;
  return stringLiteral(field(parent, "subscript"), source, other) && other != key;
}

// `self.trainer_kwargs` (or `model.trainer_kwargs` after `model = self`),
// assigned once in the file (`self.trainer_kwargs = trainer_kwargs` in
// `__init__`) and otherwise only unpacked or given other keys, so that
// nothing changes the key asked for: what that assignment gives.
KeyValues attributeOnce(Node attribute, const Path& path, const FileModel& m, int depth) {
  std::string_view source = m.file().text();
  std::string_view name = textOf(field(attribute, "attribute"), source);
  if (!isSelf(field(attribute, "object"), m)) return unknown();
  const std::vector<size_t>& at = m.bindings().assignmentsTo("self." + std::string(name));
  if (at.size() != 1) return unknown();
  const Assignment& a = m.bindings().assignments()[at[0]];
  if (a.index >= 0) return unknown();
  bool keyAlone = true;
  walkTypes(m.bindings().module(), {"attribute"}, [&](Node n) {
    if (!keyAlone || textOf(field(n, "attribute"), source) != name || contains(a.statement, n) ||
        !isSelf(field(n, "object"), m))
      return;
    keyAlone = leavesKeyAlone(n, path[0], source);
  });
  if (!keyAlone) return unknown();
  return valuesAt(a.value, path, 0, a.statement, a.scope, m, depth + 1);
}

// A function's `**kwargs`: what its callers pass by keyword, less the
// keywords its named parameters take.
KeyValues fromCallers(const FunctionInfo& fn, const Path& path, const FileModel& m, int depth) {
  if (fn.paramIndex(path[0]) >= 0) return absent();
  std::vector<Caller> callers = callersOf(fn, m);
  if (callers.empty()) return unknown();
  KeyValues out{{}, true};
  for (const Caller& c : callers) {
    Node args = c.site->arguments;
    std::string_view source = c.model->file().text();
    KeyValues one = absent();
    for (Node arg : namedChildren(args)) {
      if (is(arg, "keyword_argument") && textOf(field(arg, "name"), source) == path[0])
        one = descend(field(arg, "value"), path, 1, c.site->scope, *c.model, depth);
      else if (is(arg, "dictionary_splat"))
        one =
            valuesAt(namedChild(arg, 0), path, 0, c.site->call, c.site->scope, *c.model, depth + 1);
    }
    merge(out, one);
  }
  return out;
}

Node kwargsParameter(const FunctionInfo& fn, std::string_view name, std::string_view source) {
  for (Node p : namedChildren(field(fn.node, "parameters")))
    if (is(p, "dictionary_splat_pattern") && textOf(namedChild(p, 0), source) == name) return p;
  return Node{};
}

KeyValues named(Node name, const Path& path, size_t from, Node point, Node scope,
                const FileModel& m, int depth) {
  std::string_view source = m.file().text();
  std::string_view text = textOf(name, source);
  Path rest(path.begin() + static_cast<std::ptrdiff_t>(from), path.end());
  ReachingAssignments reached = m.bindings().reachingName(name, scope);
  // Branches the program's constants decide are taken or skipped.
  ReachingAssignments reaching = takenAssignments(reached, scope, m);
  if (reaching.assignments.empty() && !reached.assignments.empty()) return unknown();
  uint32_t after = 0;
  KeyValues out{{}, true};
  if (reaching.assignments.empty()) {
    const FunctionInfo* fn = m.bindings().function(scope);
    Node param = fn ? kwargsParameter(*fn, text, source) : Node{};
    if (!isNull(param)) {
      out = fromCallers(*fn, rest, m, depth + 1);
      after = endOf(param);
    } else if (int index = fn ? fn->paramIndex(text) : -1; index >= 0) {
      out = fromArguments(*fn, index, rest, m, depth + 1);
      after = startOf(fn->body);
    } else if (FileModel::ImportedValue v = m.importedValue(name); v.file) {
      // `from config import DS_CONFIG`: the dict that module builds, then
      // what this scope changes in it.
      const Assignment& a = *v.assignment;
      out = valuesAt(a.value, rest, 0, a.statement, a.scope, *v.file, depth + 1);
    } else {
      return unknown();
    }
  } else {
    for (const Assignment* a : reaching.assignments) {
      merge(out, a->index >= 0 ? unknown()
                               : valuesAt(a->value, rest, 0, a->statement, a->scope, m, depth + 1));
      after = std::max(after, endOf(a->statement));
    }
    if (!reaching.onEveryPath) out.complete = false;
    // Changes made between two of the assignments are not followed.
    Mutations between(text, rest, reaching.assignments.back()->statement, scope, m, depth);
    KeyValues probe = absent();
    between.apply(endOf(reaching.assignments.front()->statement), probe);
    if (probe.values.size() != 1 || !isNull(probe.values[0].node) || !probe.complete)
      out.complete = false;
  }
  Mutations(text, rest, point, scope, m, depth).apply(after, out);
  return out;
}

KeyValues valuesAt(Node dict, const Path& path, size_t from, Node point, Node scope,
                   const FileModel& m, int depth) {
  dict = unparenthesized(dict);
  if (depth > kMaxDictDepth || isNull(dict)) return unknown();
  std::string_view source = m.file().text();
  if (is(dict, "dictionary") || isDictCall(dict, source))
    return inLiteral(dict, path, from, scope, m, depth);
  if (is(dict, "identifier")) return named(dict, path, from, point, scope, m, depth);
  if (is(dict, "attribute"))
    return attributeOnce(dict, Path(path.begin() + static_cast<std::ptrdiff_t>(from), path.end()),
                         m, depth);
  if (is(dict, "subscript")) {
    // `cfg["trainer"]`: the same keys one level down.
    Path longer(path.begin() + static_cast<std::ptrdiff_t>(from), path.end());
    for (; is(dict, "subscript"); dict = field(dict, "value")) {
      std::string key;
      if (!stringLiteral(field(dict, "subscript"), source, key)) return unknown();
      longer.insert(longer.begin(), key);
    }
    return valuesAt(dict, longer, 0, point, scope, m, depth + 1);
  }
  // `trainer_kwargs or {}`: the dict given, or the empty one when none is.
  if (is(dict, "boolean_operator") && textOf(field(dict, "operator"), source) == "or") {
    KeyValues out = valuesAt(field(dict, "left"), path, from, point, scope, m, depth + 1);
    merge(out, valuesAt(field(dict, "right"), path, from, point, scope, m, depth + 1));
    return out;
  }
  // A dict built and returned by a function of this file.
  if (const FunctionInfo* fn = is(dict, "call") ? m.bindings().calledFunction(dict) : nullptr) {
    Node returned = m.bindings().returnedValue(fn);
    if (!isNull(returned))
      return valuesAt(returned, path, from, parentOf(returned), fn->node, m, depth + 1);
  }
  return unknown();
}

}  // namespace

KeyValues keyValuesAt(Node dict, const std::vector<std::string>& path, Node point, Node scope,
                      const FileModel& model) {
  if (path.empty()) return unknown();
  return valuesAt(dict, path, 0, point, scope, model, 0);
}

KeyValues keywordValues(Node call, const std::string& name, const FileModel& model) {
  std::string_view source = model.file().text();
  Node scope = model.bindings().scopeOf(call);
  Path path{name};
  KeyValues out = absent();
  bool splatSeen = false;
  for (Node arg : namedChildren(field(call, "arguments"))) {
    if (is(arg, "keyword_argument") && textOf(field(arg, "name"), source) == name)
      return {{KeyValue{field(arg, "value"), scope, &model}}, true};
    if (!is(arg, "dictionary_splat")) continue;
    KeyValues one = valuesAt(namedChild(arg, 0), path, 0, call, scope, model, 1);
    if (splatSeen)
      merge(out, one);
    else
      out = std::move(one);
    splatSeen = true;
  }
  return out;
}

}  // namespace lightfix
