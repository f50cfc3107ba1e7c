#pragma once
// Classes of the project found by name across its files, and whether one
// derives, through other classes of the project, from a class sought.

#include <functional>
#include <optional>
#include <string_view>

#include "python/node.h"

namespace lightfix {

class FileModel;

// A class of the project: the file defining it and its `class_definition`.
struct ProjectClass {
  const FileModel* file = nullptr;
  Node node{};
};

// The module-level class `name` of `file`, decorated or not, or null.
Node moduleClassNamed(const FileModel& file, std::string_view name);

// The class of the project a name stands for, seen from `model`'s file: one
// of that file's, or one another file defines (`from .finetuning import
// Freeze`, `finetuning.Freeze`).
std::optional<ProjectClass> projectClassOf(const FileModel& model, Node name);

struct SoughtBase {
  // Whether a base named so (qualified, of an installed package) is sought.
  std::function<bool(std::string_view qualified)> accepts;
  // Whether a class of the project on the way stops the search, when what
  // it would inherit no longer holds (it replaces the method that matters).
  std::function<bool(const FileModel& file, Node cls)> stops;
};

// Whether the project class `name` (seen from `model`'s file) derives from a
// class `sought` accepts, through classes of the project none of which it
// stops at.
bool derivesFromSought(const FileModel& model, Node name, const SoughtBase& sought);

}  // namespace lightfix
