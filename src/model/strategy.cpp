#include "model/strategy.h"

#include <algorithm>

#include "model/bindings.h"
#include "model/imports.h"
#include "python/node.h"

namespace lightfix {

namespace {

class StrategyEvaluator {
 public:
  StrategyEvaluator(const Bindings& b, const Imports& i, std::string_view s)
      : bindings_(b), imports_(i), source_(s) {}

  Strategy evaluate(TSNode expr, TSNode scope, int depth) const {
    Strategy maybe{Strategy::MaybeDeepSpeed, expr};
    if (isNull(expr)) return {};  // Lightning's default, "auto", is never DeepSpeed
    if (depth > 12) return maybe;
    std::string literal;
    if (stringLiteral(expr, source_, literal))
      return literal.rfind("deepspeed", 0) == 0 ? Strategy{Strategy::DeepSpeed, expr} : Strategy{};
    if (is(expr, "none")) return {};
    if (is(expr, "conditional_expression")) {
      // `"deepspeed" if big else "ddp"`: DeepSpeed on some runs.
      Strategy best;
      for (TSNode branch : namedChildren(expr)) {
        Strategy s = evaluate(branch, scope, depth + 1);
        if (s.deepSpeed() && !best.deepSpeed()) best = {Strategy::MaybeDeepSpeed, s.evidence};
      }
      return best;
    }
    if (is(expr, "call")) {
      auto q = imports_.qualify(field(expr, "function"), source_);
      if (q && isDeepSpeedStrategyClass(*q)) return {Strategy::DeepSpeed, expr};
      if (q && isOtherStrategyClass(*q)) return {};
      return maybe;
    }
    if (is(expr, "attribute")) {
      Strategy fromArgs;
      if (argparseDefault(expr, scope, depth, fromArgs)) return fromArgs;
    }
    if (is(expr, "identifier") || is(expr, "attribute")) {
      Origin o = bindings_.trace(expr, scope);
      if (o.kind == Origin::Expression && o.index < 0 && !sameNode(o.expr, expr))
        return evaluate(o.expr, o.scope, depth + 1);
      if (o.kind == Origin::Parameter) return fromCallers(o, depth, maybe);
    }
    return maybe;
  }

 private:
  // A parameter's strategy is what its callers pass; unseen callers may pass
  // anything.
  Strategy fromCallers(const Origin& o, int depth, Strategy maybe) const {
    std::vector<const CallSite*> callers = bindings_.callersOf(o.function);
    if (callers.empty()) {
      Strategy s;
      return parametrized(o, depth, s) ? s : maybe;
    }
    bool all = true;
    Strategy any;
    for (const CallSite* site : callers) {
      TSNode arg = bindings_.argumentFor(*site, o.param);
      Strategy s = isNull(arg) ? maybe : evaluate(arg, site->scope, depth + 1);
      if (s.kind != Strategy::DeepSpeed) all = false;
      if (s.deepSpeed() && !any.deepSpeed()) any = s;
    }
    if (any.deepSpeed() && !all) any.kind = Strategy::MaybeDeepSpeed;
    return any;
  }

  // A test's `@pytest.mark.parametrize("strategy", [...])` lists every value
  // the parameter takes, also as tuples (`("strategy", "precision")`) and
  // `pytest.param(...)` entries.
  bool parametrized(const Origin& o, int depth, Strategy& out) const {
    TSNode decorated = ts_node_parent(o.function->node);
    if (!is(decorated, "decorated_definition")) return false;
    const std::string& param = o.function->params[static_cast<size_t>(o.param)];
    for (TSNode decorator : namedChildren(decorated)) {
      TSNode call = ts_node_named_child(decorator, 0);
      std::string_view callee = textOf(field(call, "function"), source_);
      if (!is(call, "call") || callee.size() < 11 ||
          callee.substr(callee.size() - 11) != "parametrize")
        continue;
      std::vector<TSNode> args = positionalArguments(field(call, "arguments"));
      if (args.size() < 2) continue;
      std::vector<std::string> names;
      std::string joined;
      if (stringLiteral(args[0], source_, joined)) {
        for (size_t start = 0; start <= joined.size();) {
          size_t comma = joined.find(',', start);
          if (comma == std::string::npos) comma = joined.size();
          std::string name = joined.substr(start, comma - start);
          name.erase(0, name.find_first_not_of(' '));
          name.erase(name.find_last_not_of(' ') + 1);
          names.push_back(name);
          start = comma + 1;
        }
      } else {
        for (TSNode n : namedChildren(args[0])) {
          std::string name;
          if (stringLiteral(n, source_, name)) names.push_back(name);
        }
      }
      auto at = std::find(names.begin(), names.end(), param);
      if (at == names.end()) continue;
      size_t index = static_cast<size_t>(at - names.begin());
      out = {};
      for (TSNode entry : namedChildren(args[1])) {
        std::vector<TSNode> values = namedChildren(entry);
        if (is(entry, "call")) values = positionalArguments(field(entry, "arguments"));
        TSNode value = names.size() == 1 && !is(entry, "call") ? entry
                       : index < values.size()                 ? values[index]
                                                               : TSNode{};
        if (isNull(value)) continue;
        Strategy s = evaluate(value, bindings_.scopeOf(value), depth + 1);
        if (s.deepSpeed() && !out.deepSpeed()) out = {Strategy::MaybeDeepSpeed, s.evidence};
      }
      return true;
    }
    return false;
  }

  // `args.strategy` where `args = parser.parse_args()`: the default of the
  // matching `add_argument`, or maybe DeepSpeed when its choices offer it.
  bool argparseDefault(TSNode attr, TSNode scope, int depth, Strategy& out) const {
    Origin o = bindings_.trace(field(attr, "object"), scope);
    // `args = parse_args()`, the script's own helper returning
    // `parser.parse_args()`.
    for (int hops = 0; hops < 4 && o.kind == Origin::Expression; ++hops) {
      const FunctionInfo* helper = bindings_.calledFunction(o.expr);
      if (!helper) break;
      TSNode returned = bindings_.returnedValue(helper);
      if (isNull(returned)) break;
      o = bindings_.trace(returned, helper->node);
    }
    MethodCall mc;
    if (o.kind != Origin::Expression || !asMethodCall(o.expr, source_, mc) ||
        (mc.method != "parse_args" && mc.method != "parse_known_args"))
      return false;
    std::string dest(textOf(field(attr, "attribute"), source_));
    bool found = false;
    walk(bindings_.module(), [&](TSNode n) {
      MethodCall add;
      if (found || !asMethodCall(n, source_, add) || add.method != "add_argument") return !found;
      if (!declares(add.arguments, dest)) return true;
      found = true;
      out = {};
      TSNode def = keywordArgument(add.arguments, "default", source_);
      if (!isNull(def)) out = evaluate(def, bindings_.scopeOf(n), depth + 1);
      TSNode choices = keywordArgument(add.arguments, "choices", source_);
      if (!out.deepSpeed() && !isNull(choices)) {
        for (TSNode choice : namedChildren(choices)) {
          std::string text;
          if (stringLiteral(choice, source_, text) && text.rfind("deepspeed", 0) == 0) {
            out = {Strategy::MaybeDeepSpeed, choice};
            break;
          }
        }
      }
      return false;
    });
    return found;
  }

  bool declares(TSNode arguments, const std::string& dest) const {
    std::string explicitDest;
    if (stringLiteral(keywordArgument(arguments, "dest", source_), source_, explicitDest))
      return explicitDest == dest;
    for (TSNode arg : positionalArguments(arguments)) {
      std::string flag;
      if (!stringLiteral(arg, source_, flag)) continue;
      size_t dashes = flag.find_first_not_of('-');
      if (dashes == std::string::npos) continue;
      std::string name = flag.substr(dashes);
      for (char& c : name)
        if (c == '-') c = '_';
      if (name == dest) return true;
    }
    return false;
  }

  const Bindings& bindings_;
  const Imports& imports_;
  std::string_view source_;
};

}  // namespace

Strategy evaluateStrategy(TSNode expr, TSNode scope, const Bindings& bindings,
                          const Imports& imports, std::string_view source) {
  return StrategyEvaluator(bindings, imports, source).evaluate(expr, scope, 0);
}

}  // namespace lightfix
