#include "model/project_classes.h"

#include <string>

#include "core/budgets.h"
#include "core/source_file.h"
#include "model/file_model.h"
#include "model/project_index.h"

namespace lightfix {

Node moduleClassNamed(const FileModel& file, std::string_view name) {
  for (Node n : namedChildren(file.bindings().module())) {
    Node cls = is(n, "decorated_definition") ? field(n, "definition") : n;
    if (is(cls, "class_definition") && textOf(field(cls, "name"), file.file().text()) == name)
      return cls;
  }
  return Node{};
}

std::optional<ProjectClass> projectClassOf(const FileModel& model, Node name) {
  std::string_view source = model.file().text();
  if (is(name, "identifier"))
    if (Node cls = moduleClassNamed(model, textOf(name, source)); !isNull(cls))
      return ProjectClass{&model, cls};
  auto q = model.imports().qualify(name, source);
  if (!q || !model.index()) return std::nullopt;
  auto symbol = model.index()->symbol(model.file().path(), *q);
  if (!symbol) return std::nullopt;
  Node cls = moduleClassNamed(*symbol->file, symbol->name);
  if (isNull(cls)) return std::nullopt;
  return ProjectClass{symbol->file, cls};
}

static bool derivesFromSought(const FileModel& model, Node name, const SoughtBase& sought,
                              int depth) {
  if (depth > kMaxBaseClasses) return false;
  std::optional<ProjectClass> cls = projectClassOf(model, name);
  if (!cls || (sought.stops && sought.stops(*cls->file, cls->node))) return false;
  std::string_view text = cls->file->file().text();
  for (Node base : namedChildren(field(cls->node, "superclasses"))) {
    if (!is(base, "identifier") && !is(base, "attribute")) continue;
    auto q = cls->file->imports().qualify(base, text);
    if ((q && sought.accepts(*q)) || derivesFromSought(*cls->file, base, sought, depth + 1))
      return true;
  }
  return false;
}

bool derivesFromSought(const FileModel& model, Node name, const SoughtBase& sought) {
  return derivesFromSought(model, name, sought, 0);
}

}  // namespace lightfix
