#include "model/loaded_yaml.h"

#include <utility>

#include "core/source_file.h"
#include "model/file_model.h"
#include "python/node.h"

namespace lightfix {

namespace {

constexpr int kMaxLoadHops = 8;

// The literal path `open("conf.yml")` opens, through a name bound by `f =
// open(...)` or `with open(...) as f` before `use`; empty for any other.
std::string openedPath(Node file, Node use, Node scope, const FileModel& m) {
  std::string_view source = m.file().text();
  if (is(file, "identifier")) {
    Origin o = m.bindings().trace(file, scope);
    if (o.kind == Origin::Expression && o.index < 0 && is(o.expr, "call"))
      return openedPath(o.expr, use, o.scope, m);
    // `with open(...) as f:` binds no assignment: the last such before use.
    Node opened{};
    walkTypes(scope, {"as_pattern"}, [&](Node as) {
      Node alias = field(as, "alias");
      if (startOf(as) < startOf(use) && textOf(alias, source) == textOf(file, source))
        opened = namedChild(as, 0);
    });
    return is(opened, "call") ? openedPath(opened, use, scope, m) : std::string();
  }
  if (!is(file, "call") || textOf(field(file, "function"), source) != "open") return {};
  std::vector<Node> args = positionalArguments(field(file, "arguments"));
  std::string path;
  if (args.empty() || !stringLiteral(args[0], source, path)) return {};
  return path;
}

// What a name holds, one step back, and the scope that is evaluated in: the
// expression bound to it, or what the one caller of its function (in this
// file) passes for a parameter; null for anything else.
std::pair<Node, Node> boundTo(Node name, Node scope, const FileModel& m) {
  Origin o = m.bindings().trace(name, scope);
  if (o.kind == Origin::Parameter) {
    std::vector<const CallSite*> callers = m.bindings().callersOf(o.function);
    if (callers.size() != 1) return {};
    return {m.bindings().argumentFor(*callers[0], o.param), callers[0]->scope};
  }
  if (o.kind == Origin::Expression && o.index < 0 && !sameNode(o.expr, name))
    return {o.expr, o.scope};
  return {};
}

// The path a literal names, or a name bound to one, or a parameter whose
// one caller of the file passes one (`train("config.yaml")`); else empty.
std::string literalPath(Node value, Node scope, const FileModel& m, int hops) {
  std::string path;
  if (hops > kMaxLoadHops || stringLiteral(value, m.file().text(), path)) return path;
  if (!is(value, "identifier")) return {};
  auto [bound, at] = boundTo(value, scope, m);
  return isNull(bound) ? std::string() : literalPath(bound, at, m, hops + 1);
}

// The YAML file `value` holds, loaded by the call that made it.
const std::string* loadedFile(Node value, Node scope, const FileModel& m, int hops,
                              std::string& path) {
  if (hops > kMaxLoadHops || !m.index()) return nullptr;
  if (is(value, "identifier")) {
    auto [bound, at] = boundTo(value, scope, m);
    return isNull(bound) ? nullptr : loadedFile(bound, at, m, hops + 1, path);
  }
  if (!is(value, "call")) return nullptr;
  std::string_view source = m.file().text();
  std::optional<std::string> callee = m.imports().qualify(field(value, "function"), source);
  std::vector<Node> args = positionalArguments(field(value, "arguments"));
  if (!callee || args.empty()) return nullptr;
  std::string named;
  if (*callee == "omegaconf.OmegaConf.load") {
    named = literalPath(args[0], scope, m, hops + 1);
  } else if (*callee == "yaml.safe_load" || *callee == "yaml.load" || *callee == "yaml.full_load" ||
             *callee == "yaml.unsafe_load") {
    named = openedPath(args[0], value, scope, m);
  }
  if (named.empty()) return nullptr;
  return m.index()->yamlText(m.file().path(), named, &path);
}

// The config a call copies with its keys (`OmegaConf.to_container(cfg,
// resolve=True)`, `dict(cfg)`, `cfg.copy()`, `copy.deepcopy(cfg)`), or null.
Node copiedFrom(Node call, const FileModel& m) {
  if (!is(call, "call")) return Node{};
  std::string_view source = m.file().text();
  Node callee = field(call, "function");
  Node arguments = field(call, "arguments");
  std::vector<Node> args = positionalArguments(arguments);
  if (is(callee, "attribute") && textOf(field(callee, "attribute"), source) == "copy" &&
      namedChildCount(arguments) == 0 && !m.imports().qualify(callee, source))
    return field(callee, "object");
  if (args.empty() || hasSplat(arguments)) return Node{};
  std::optional<std::string> q = m.imports().qualify(callee, source);
  if (q && (*q == "omegaconf.OmegaConf.to_container" || *q == "copy.deepcopy" || *q == "copy.copy"))
    return args[0];
  // The builtin `dict`, unless the file binds the name itself.
  bool builtinDict = is(callee, "identifier") && textOf(callee, source) == "dict" && !q &&
                     !m.bindings().definesName("dict");
  return builtinDict && namedChildCount(arguments) == 1 ? args[0] : Node{};
}

// What `expr` reads of a loaded file: its chain of keys on a name, and
// through a name bound to such a chain (`trainer = cfg.trainer`), the
// chain it was bound to.
LoadedYamlValue loadedYamlValueAt(Node expr, Node scope, const FileModel& model,
                                  const std::vector<std::string>& moreKeys, int hops) {
  std::string_view source = model.file().text();
  std::vector<std::string> keys;
  Node base = expr;
  for (;;) {
    std::string key;
    if (is(base, "subscript") && stringLiteral(field(base, "subscript"), source, key)) {
      base = field(base, "value");
    } else if (is(base, "attribute")) {
      key = std::string(textOf(field(base, "attribute"), source));
      base = field(base, "object");
    } else if (Node copied = copiedFrom(base, model); !isNull(copied) && hops < kMaxLoadHops) {
      keys.insert(keys.end(), moreKeys.begin(), moreKeys.end());
      return loadedYamlValueAt(copied, scope, model, keys, hops + 1);
    } else {
      break;
    }
    keys.insert(keys.begin(), key);
  }
  keys.insert(keys.end(), moreKeys.begin(), moreKeys.end());
  if (is(base, "identifier") && hops < kMaxLoadHops) {
    Origin o = model.bindings().trace(base, scope);
    if (o.kind == Origin::Expression && o.index < 0 &&
        (is(o.expr, "attribute") || is(o.expr, "subscript") || !isNull(copiedFrom(o.expr, model))))
      return loadedYamlValueAt(o.expr, o.scope, model, keys, hops + 1);
  }
  LoadedYamlValue out;
  const std::string* text = loadedFile(base, scope, model, 0, out.path);
  if (!text) return out;
  out.loaded = true;
  out.text = text;
  out.entry = yamlEntryAt(*text, keys);
  return out;
}

}  // namespace

LoadedYamlValue loadedYamlValue(Node expr, Node scope, const FileModel& model,
                                const std::vector<std::string>& moreKeys) {
  return loadedYamlValueAt(expr, scope, model, moreKeys, 0);
}

}  // namespace lightfix
