#include "semantics/imports.h"

#include "python/node.h"

namespace lightfix {

static std::string dotted(Node n, std::string_view source) {
  return std::string(textOf(n, source));
}

void Imports::collect(Node root, std::string_view source) {
  walkTypes(root, {"import_statement", "import_from_statement"}, [&](Node n) {
    if (is(n, "import_statement")) {
      // import a.b [as c]
      for (Node item : namedChildren(n)) {
        if (is(item, "dotted_name")) {
          std::string name = dotted(item, source);
          // `import a.b` binds `a`, which stands for the package `a`.
          add(name.substr(0, name.find('.')), name.substr(0, name.find('.')));
        } else if (is(item, "aliased_import")) {
          add(std::string(textOf(field(item, "alias"), source)),
              dotted(field(item, "name"), source));
        }
      }
      return;
    }
    Node module = field(n, "module_name");
    std::string base = dotted(module, source);
    for (Node item : namedChildren(n))
      if (is(item, "wildcard_import")) starModules_.push_back(base);
    for (Node item : namedChildren(n)) {
      if (sameNode(item, module)) continue;
      if (is(item, "dotted_name")) {
        std::string name = dotted(item, source);
        // `from . import utils` names the module `.utils`, not `..utils`.
        std::string qualified = base;
        if (qualified.empty() || qualified.back() != '.') qualified.append(".");
        qualified.append(name);
        add(std::move(name), std::move(qualified));
      } else if (is(item, "aliased_import")) {
        std::string qualified = base;
        if (qualified.empty() || qualified.back() != '.') qualified.append(".");
        add(std::string(textOf(field(item, "alias"), source)),
            qualified + dotted(field(item, "name"), source));
      }
    }
  });
}

std::vector<std::string> Imports::importedModules() const {
  std::vector<std::string> modules = starModules_;
  for (const std::string& qualified : imported_) {
    // `a.b.C` may be the module `a.b` or `a.b.C` itself: name both.
    modules.push_back(qualified);
    size_t dot = qualified.rfind('.');
    if (dot != std::string::npos && dot > 0) modules.push_back(qualified.substr(0, dot));
  }
  return modules;
}

Imports::Retargets Imports::retargets(
    const std::function<std::optional<std::string>(const std::string&)>& resolve) const {
  Retargets changes;
  for (const auto& [local, qualified] : aliases_)
    if (std::optional<std::string> target = resolve(qualified))
      changes.emplace_back(local, std::move(*target));
  return changes;
}

std::optional<std::string> Imports::qualifyName(std::string_view name) const {
  auto it = aliases_.find(std::string(name));
  if (it != aliases_.end()) return it->second;
  if (!starModules_.empty() && starResolver_) return starResolver_(name);
  return std::nullopt;
}

std::optional<std::string> Imports::qualify(Node expr, std::string_view source) const {
  // Down the chain without recursion: a generated `a.b.c…` may be thousands long.
  std::vector<std::string_view> attributes;
  for (; is(expr, "attribute"); expr = field(expr, "object"))
    attributes.push_back(textOf(field(expr, "attribute"), source));
  if (!is(expr, "identifier")) return std::nullopt;
  std::optional<std::string> qualified = qualifyName(textOf(expr, source));
  if (!qualified) return std::nullopt;
  for (auto it = attributes.rbegin(); it != attributes.rend(); ++it)
    qualified->append(".").append(*it);
  return qualified;
}

}  // namespace lightfix
