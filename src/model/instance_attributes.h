#pragma once
// What an attribute of an object the program builds from a class of the
// project holds (`Trainer(max_epochs=net.max_epochs, precision=cfg.precision)`),
// read off that class.

#include "python/node.h"

namespace lightfix {

class FileModel;

struct InstanceAttribute {
  const FileModel* file = nullptr;  // null: lightfix cannot tell
  Node value{};
  Node scope{};  // where `value` is evaluated
};

// `obj.name`, where `obj` is bound once in plain code to `Cls(...)` and
// `Cls` is a class of the project: a dataclass field (as the construction
// passes it, else its default); else the one `self.name = value` of the
// class, run unconditionally in its `__init__` (a parameter of `__init__`
// read as the construction passes it, else its default); else, where no
// method assigns it, the class attribute `name = value`.
InstanceAttribute instanceAttribute(Node expr, Node scope, const FileModel& model);

}  // namespace lightfix
