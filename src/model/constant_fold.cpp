#include "model/constant_fold.h"

#include <string_view>
#include <vector>

#include "core/budgets.h"
#include "core/source_file.h"
#include "model/file_model.h"
#include "model/project_index.h"
#include "python/flow.h"
#include "python/node.h"
#include "semantics/bindings.h"

namespace lightfix {

bool Constant::truthy() const {
  switch (kind) {
    case Int:
    case Bool:
      return number != 0;
    case Str:
      return !text.empty();
    case None:
      return false;
  }
  return false;
}

bool Constant::operator==(const Constant& other) const {
  bool numeric = (kind == Int || kind == Bool) && (other.kind == Int || other.kind == Bool);
  if (numeric) return number == other.number;
  return kind == other.kind && text == other.text;
}

namespace {

using Folded = std::optional<Constant>;

Constant integer(int64_t n) { return {Constant::Int, n, {}}; }
Constant boolean(bool b) { return {Constant::Bool, b ? 1 : 0, {}}; }

// Keeps the arithmetic in a range where it cannot overflow.
constexpr int64_t kLargest = int64_t{1} << 40;
Folded bounded(int64_t n) {
  if (n > kLargest || n < -kLargest) return std::nullopt;
  return integer(n);
}

bool numeric(const Constant& c) { return c.kind == Constant::Int || c.kind == Constant::Bool; }

// What `str(c)` gives.
std::string asText(const Constant& c) {
  switch (c.kind) {
    case Constant::Int:
      return std::to_string(c.number);
    case Constant::Bool:
      return c.number ? "True" : "False";
    case Constant::Str:
      return c.text;
    case Constant::None:
      return "None";
  }
  return {};
}

// `"deepspeed_stage_%d" % 2`: `%s`, `%d`, `%i` and `%%` only.
Folded percentFormat(const std::string& format, const std::vector<Constant>& values) {
  std::string out;
  size_t next = 0;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') {
      out += format[i];
      continue;
    }
    char spec = i + 1 < format.size() ? format[++i] : '\0';
    if (spec == '%') {
      out += '%';
    } else if (spec == 's' && next < values.size()) {
      out += asText(values[next++]);
    } else if ((spec == 'd' || spec == 'i') && next < values.size() && numeric(values[next])) {
      out += std::to_string(values[next++].number);  // `"%d" % True` is "1"
    } else {
      return std::nullopt;
    }
  }
  if (next != values.size()) return std::nullopt;
  return Constant{Constant::Str, 0, out};
}

// `"deepspeed_stage_{}".format(2)`: `{}`, `{0}`, `{name}`, `{{` and `}}`;
// no format specs or conversions.
Folded braceFormat(const std::string& format, const std::vector<Constant>& positional,
                   const std::vector<std::pair<std::string, Constant>>& keywords) {
  std::string out;
  size_t automatic = 0;
  for (size_t i = 0; i < format.size(); ++i) {
    char c = format[i];
    if ((c == '{' || c == '}') && i + 1 < format.size() && format[i + 1] == c) {
      out += c;
      ++i;
      continue;
    }
    if (c == '}') return std::nullopt;
    if (c != '{') {
      out += c;
      continue;
    }
    size_t close = format.find('}', i);
    if (close == std::string::npos) return std::nullopt;
    std::string field = format.substr(i + 1, close - i - 1);
    i = close;
    const Constant* value = nullptr;
    if (field.empty()) {
      value = automatic < positional.size() ? &positional[automatic++] : nullptr;
    } else if (field.size() <= 4 && field.find_first_not_of("0123456789") == std::string::npos) {
      size_t index = std::stoul(field);
      value = index < positional.size() ? &positional[index] : nullptr;
    } else {
      for (const auto& [name, v] : keywords)
        if (name == field) value = &v;
    }
    if (!value) return std::nullopt;  // a spec, a conversion, an attribute: not folded
    out += asText(*value);
  }
  return Constant{Constant::Str, 0, out};
}

class Folder {
 public:
  Folder(const FileModel& m, FoldOptions options) : m_(m), options_(options) {}

  Folded fold(Node expr, Node scope, int depth) const {
    if (isNull(expr) || depth > kMaxTraceDepth) return std::nullopt;
    std::string_view source = m_.file().text();
    if (is(expr, "parenthesized_expression")) {
      std::vector<Node> inner = namedChildren(expr);
      return inner.size() == 1 ? fold(inner[0], scope, depth + 1) : std::nullopt;
    }
    if (is(expr, "integer")) return literalInteger(textOf(expr, source));
    if (is(expr, "true")) return boolean(true);
    if (is(expr, "false")) return boolean(false);
    if (is(expr, "none")) return Constant{};
    if (std::string s; stringLiteral(expr, source, s)) return Constant{Constant::Str, 0, s};
    if (is(expr, "not_operator")) {
      Folded a = fold(field(expr, "argument"), scope, depth + 1);
      return a ? Folded(boolean(!a->truthy())) : std::nullopt;
    }
    if (is(expr, "unary_operator")) return unary(expr, scope, depth);
    if (is(expr, "binary_operator")) return binary(expr, scope, depth);
    if (is(expr, "comparison_operator")) return comparison(expr, scope, depth);
    if (is(expr, "boolean_operator")) return booleanOperator(expr, scope, depth);
    if (is(expr, "identifier")) return name(expr, scope, depth);
    if (is(expr, "attribute") && options_.fabricFacts) return fabricFact(expr, scope);
    if (is(expr, "string")) return formattedString(expr, scope, depth);
    if (is(expr, "call")) return formatCall(expr, scope, depth);
    return std::nullopt;
  }

 private:
  static Folded literalInteger(std::string_view digits) {
    if (digits.empty() || digits.size() > 12) return std::nullopt;
    int64_t n = 0;
    for (char c : digits) {
      if (c == '_') continue;
      if (c < '0' || c > '9') return std::nullopt;  // hex, octal, binary: not worth it
      n = n * 10 + (c - '0');
    }
    return integer(n);
  }

  Folded unary(Node expr, Node scope, int depth) const {
    Folded a = fold(field(expr, "argument"), scope, depth + 1);
    if (!a || !numeric(*a)) return std::nullopt;
    std::string_view op = textOf(field(expr, "operator"), m_.file().text());
    if (op == "-") return bounded(-a->number);
    if (op == "+") return integer(a->number);
    return std::nullopt;
  }

  // An f-string whose every replacement folds (no spec, no conversion).
  Folded formattedString(Node expr, Node scope, int depth) const {
    std::string out;
    for (Node part : namedChildren(expr)) {
      if (is(part, "string_start") || is(part, "string_end")) continue;
      if (is(part, "string_content")) {
        if (namedChildCount(part) > 0) return std::nullopt;  // escapes
        out += textOf(part, m_.file().text());
      } else if (is(part, "interpolation") && namedChildCount(part) == 1 &&
                 childCount(part) == 3) {  // `{`, the expression, `}`: not `{x=}`
        Folded v = fold(field(part, "expression"), scope, depth + 1);
        if (!v) return std::nullopt;
        out += asText(*v);
      } else {
        return std::nullopt;
      }
    }
    return Constant{Constant::Str, 0, out};
  }

  // `"...{}...".format(...)` with a literal format and folded arguments.
  Folded formatCall(Node call, Node scope, int depth) const {
    MethodCall mc;
    std::string format;
    if (!asMethodCall(call, m_.file().text(), mc) || mc.method != "format" ||
        !stringLiteral(mc.receiver, m_.file().text(), format))
      return std::nullopt;
    std::vector<Constant> positional;
    std::vector<std::pair<std::string, Constant>> keywords;
    for (Node arg : namedChildren(mc.arguments)) {
      bool keyword = is(arg, "keyword_argument");
      Folded v = fold(keyword ? field(arg, "value") : arg, scope, depth + 1);
      if (!v) return std::nullopt;
      if (keyword)
        keywords.emplace_back(std::string(textOf(field(arg, "name"), m_.file().text())), *v);
      else
        positional.push_back(*v);
    }
    return braceFormat(format, positional, keywords);
  }

  Folded binary(Node expr, Node scope, int depth) const {
    Folded a = fold(field(expr, "left"), scope, depth + 1);
    std::string_view op = textOf(field(expr, "operator"), m_.file().text());
    Node right = field(expr, "right");
    if (a && a->kind == Constant::Str && op == "%") {
      std::vector<Constant> values;
      for (Node v : is(right, "tuple") ? namedChildren(right) : std::vector<Node>{right}) {
        Folded folded = fold(v, scope, depth + 1);
        if (!folded) return std::nullopt;
        values.push_back(*folded);
      }
      return percentFormat(a->text, values);
    }
    Folded b = a ? fold(right, scope, depth + 1) : std::nullopt;
    if (!a || !b) return std::nullopt;
    if (a->kind == Constant::Str && b->kind == Constant::Str && op == "+")
      return Constant{Constant::Str, 0, a->text + b->text};
    if (!numeric(*a) || !numeric(*b)) return std::nullopt;
    int64_t x = a->number;
    int64_t y = b->number;
    if (op == "+") return bounded(x + y);
    if (op == "-") return bounded(x - y);
    if (op == "*") return bounded(x * y);
    // Python floors; so does this.
    if ((op == "//" || op == "%") && y != 0) {
      int64_t q = x / y;
      if ((x % y != 0) && ((x < 0) != (y < 0))) --q;
      return integer(op == "//" ? q : x - q * y);
    }
    return std::nullopt;
  }

  static std::optional<bool> compare(std::string_view op, const Constant& a, const Constant& b) {
    if (op == "==") return a == b;
    if (op == "!=") return !(a == b);
    if (op == "is")
      return a.kind == Constant::None && b.kind == Constant::None       ? true
             : (a.kind == Constant::None) != (b.kind == Constant::None) ? std::optional<bool>(false)
                                                                        : std::nullopt;
    if (op == "is not") {
      std::optional<bool> same = compare("is", a, b);
      return same ? std::optional<bool>(!*same) : std::nullopt;
    }
    if (numeric(a) && numeric(b)) {
      if (op == "<") return a.number < b.number;
      if (op == "<=") return a.number <= b.number;
      if (op == ">") return a.number > b.number;
      if (op == ">=") return a.number >= b.number;
    }
    return std::nullopt;
  }

  // `a < b <= c`: each neighbouring pair, all of them true.
  Folded comparison(Node expr, Node scope, int depth) const {
    std::vector<Constant> operands;
    std::vector<std::string> ops;
    for (Node part : children(expr)) {
      if (isNamed(part)) {
        Folded v = fold(part, scope, depth + 1);
        if (!v) return std::nullopt;
        operands.push_back(*v);
      } else {
        ops.emplace_back(typeName(part));
      }
    }
    if (operands.size() != ops.size() + 1) return std::nullopt;
    for (size_t i = 0; i < ops.size(); ++i) {
      std::optional<bool> holds = compare(ops[i], operands[i], operands[i + 1]);
      if (!holds) return std::nullopt;
      if (!*holds) return boolean(false);
    }
    return boolean(true);
  }

  // `a and b` is `a` when falsy, else `b`; `or` the other way round.
  Folded booleanOperator(Node expr, Node scope, int depth) const {
    Folded a = fold(field(expr, "left"), scope, depth + 1);
    if (!a) return std::nullopt;
    bool isAnd = textOf(field(expr, "operator"), m_.file().text()) == "and";
    if (a->truthy() != isAnd) return a;
    return fold(field(expr, "right"), scope, depth + 1);
  }

  // A name assigned on every path to values that fold alike; a module
  // global only when the file assigns it once.
  Folded name(Node expr, Node scope, int depth) const {
    const Bindings& b = m_.bindings();
    ReachingAssignments reaching = b.reachingName(expr, scope);
    std::vector<std::pair<Node, Node>> values;
    if (!reaching.assignments.empty()) {
      if (!reaching.onEveryPath) return std::nullopt;
      for (const Assignment* a : reaching.assignments) {
        if (a->index >= 0) return std::nullopt;
        values.emplace_back(a->value, a->scope);
      }
    } else {
      Origin o = b.trace(expr, scope);
      if (o.kind == Origin::Parameter) return hookDefault(o, depth);
      if (o.kind != Origin::Expression || o.index >= 0 || sameNode(o.expr, expr))
        return std::nullopt;
      std::string_view text = textOf(expr, m_.file().text());
      int writes = 0;
      for (const Assignment& a : b.assignments()) writes += a.target == text ? 1 : 0;
      if (writes != 1) return std::nullopt;
      values.emplace_back(o.expr, o.scope);
    }
    Folded out;
    for (auto [value, valueScope] : values) {
      Folded v = fold(value, valueScope, depth + 1);
      if (!v || (out && !(*out == *v))) return std::nullopt;
      out = v;
    }
    return out;
  }

  // The default of a parameter of `lightningHook` that Lightning's call
  // leaves to it: past `self, batch, batch_idx`.
  Folded hookDefault(const Origin& o, int depth) const {
    const FunctionInfo* fn = o.function;
    if (!fn || !sameNode(fn->node, options_.lightningHook) || o.param < 3 ||
        static_cast<size_t>(o.param) >= fn->paramNodes.size())
      return std::nullopt;
    const std::string& name = fn->params[static_cast<size_t>(o.param)];
    if (name == "optimizer_idx" || name == "hiddens") return std::nullopt;
    Node param = parentOf(fn->paramNodes[static_cast<size_t>(o.param)]);  // of its name
    if (!is(param, "default_parameter") && !is(param, "typed_default_parameter"))
      return std::nullopt;
    return fold(field(param, "value"), m_.bindings().scopeOf(fn->node), depth + 1);
  }

  // devices × num_nodes, from the `Fabric(...)` call.
  std::optional<int64_t> worldSize(const FabricInstance& f) const {
    const FileModel* built = m_.modelOfFile(f.file);
    if (!built || !f.className.empty()) return std::nullopt;  // a subclass may pass others
    Node args = field(f.construction, "arguments");
    if (!positionalArguments(args).empty()) return std::nullopt;
    for (Node arg : namedChildren(args))
      if (is(arg, "dictionary_splat")) return std::nullopt;
    std::string_view source = built->file().text();
    Folder there(*built, {});
    auto keyword = [&](const char* key) -> std::pair<bool, Folded> {
      Node value = keywordArgument(args, key, source);
      if (isNull(value)) return {false, std::nullopt};
      return {true, there.fold(value, f.scope, 0)};
    };
    std::optional<int64_t> devices;
    Node devicesArg = keywordArgument(args, "devices", source);
    if (is(devicesArg, "list") || is(devicesArg, "tuple")) {
      devices = static_cast<int64_t>(namedChildren(devicesArg).size());
    } else if (auto [given, v] = keyword("devices"); given) {
      if (v && v->kind == Constant::Int && v->number > 0) devices = v->number;
      if (v && v->kind == Constant::Str) {
        Folded n = literalInteger(v->text);
        if (n && n->number > 0) devices = n->number;
      }
    } else if (auto [pinned, accel] = keyword("accelerator");
               pinned && accel && accel->kind == Constant::Str && accel->text == "cpu") {
      devices = 1;  // "auto" devices on the CPU: one process
    }
    if (!devices) return std::nullopt;
    auto [nodesGiven, nodes] = keyword("num_nodes");
    if (!nodesGiven) return devices;
    if (!nodes || nodes->kind != Constant::Int || nodes->number < 1) return std::nullopt;
    return *devices * nodes->number;
  }

  // `fabric.world_size`; `global_rank`, `local_rank`, `node_rank` and
  // `is_global_zero` only in a run of one process, where they are fixed.
  Folded fabricFact(Node expr, Node scope) const {
    std::string_view attribute = textOf(field(expr, "attribute"), m_.file().text());
    bool size = attribute == "world_size";
    bool rank = attribute == "global_rank" || attribute == "local_rank" ||
                attribute == "node_rank" || attribute == "is_global_zero";
    if (!size && !rank) return std::nullopt;
    std::vector<const FabricInstance*> fabrics = m_.fabricsOf(field(expr, "object"), scope);
    std::optional<int64_t> agreed;
    for (const FabricInstance* f : fabrics) {
      std::optional<int64_t> n = worldSize(*f);
      if (!n || (agreed && *agreed != *n)) return std::nullopt;
      agreed = n;
    }
    if (!agreed) return std::nullopt;
    if (size) return integer(*agreed);
    if (*agreed != 1) return std::nullopt;
    return attribute == "is_global_zero" ? boolean(true) : integer(0);
  }

  const FileModel& m_;
  FoldOptions options_;
};

// Whether `clause` (the consequence block, an elif or the else of `ifs`)
// runs: every earlier condition false, and its own true.
std::optional<bool> clauseRuns(Node ifs, Node clause, Node scope, const Folder& folder) {
  Folded first = folder.fold(field(ifs, "condition"), scope, 0);
  std::optional<bool> condition = first ? std::optional<bool>(first->truthy()) : std::nullopt;
  if (sameNode(clause, field(ifs, "consequence"))) return condition;
  bool earlierUnknown = !condition;
  if (condition == true) return false;
  for (Node c : namedChildren(ifs)) {
    if (sameNode(c, clause)) {
      if (is(c, "else_clause")) return earlierUnknown ? std::nullopt : std::optional<bool>(true);
      Folded own = folder.fold(field(c, "condition"), scope, 0);
      if (own && !own->truthy()) return false;
      if (earlierUnknown || !own) return std::nullopt;
      return true;
    }
    if (!is(c, "elif_clause")) continue;
    Folded earlier = folder.fold(field(c, "condition"), scope, 0);
    if (earlier && earlier->truthy()) return false;
    earlierUnknown = earlierUnknown || !earlier;
  }
  return std::nullopt;
}

}  // namespace

std::optional<Constant> foldConstant(Node expr, Node scope, const FileModel& m,
                                     FoldOptions options) {
  return Folder(m, options).fold(expr, scope, 0);
}

std::optional<bool> foldCondition(Node expr, Node scope, const FileModel& m, FoldOptions options) {
  Folded v = Folder(m, options).fold(expr, scope, 0);
  return v ? std::optional<bool>(v->truthy()) : std::nullopt;
}

// Whether `child` of `p` may run other than once when `p` runs, the
// branches of an `if` aside (branchesRun folds those).
static bool mayNotRunOnce(Node p, Node child, LoopBodies loops) {
  bool ifBranch = is(p, "elif_clause") || is(p, "else_clause") ||
                  (is(p, "block") && is(parentOf(p), "if_statement"));
  if (makesConditional(p)) return !ifBranch;
  if (loops == LoopBodies::Run) return false;
  // A loop's body may run no time or many; a try body may raise first.
  if (is(p, "for_statement") || is(p, "while_statement"))
    return !sameNode(child, field(p, "right")) && !sameNode(child, field(p, "condition"));
  return is(p, "try_statement") && sameNode(child, field(p, "body"));
}

std::optional<bool> branchesRun(Node n, Node upTo, const FileModel& m, FoldOptions options,
                                LoopBodies loops) {
  Folder folder(m, options);
  Node scope = m.bindings().scopeOf(n);
  bool certain = true;
  for (Node child = n, p = parentOf(n); !isNull(p) && !sameNode(p, upTo);
       child = p, p = parentOf(p)) {
    if (is(p, "if_statement") && !sameNode(child, field(p, "condition"))) {
      std::optional<bool> runs = clauseRuns(p, child, scope, folder);
      if (runs == false) return false;
      certain = certain && runs.has_value();
    } else if (mayNotRunOnce(p, child, loops)) {
      certain = false;
    }
  }
  return certain ? std::optional<bool>(true) : std::nullopt;
}

ReachingAssignments takenAssignments(const ReachingAssignments& reaching, Node scope,
                                     const FileModel& m) {
  ReachingAssignments taken;
  taken.onEveryPath = reaching.onEveryPath;
  for (const Assignment* a : reaching.assignments) {
    std::optional<bool> runs = branchesRun(a->statement, scope, m);
    if (runs == false) continue;
    if (runs == true) {
      taken.assignments.clear();
      taken.onEveryPath = true;
    }
    taken.assignments.push_back(a);
  }
  return taken;
}

}  // namespace lightfix
