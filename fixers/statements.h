#pragma once
// Where in a function's statements a fixer may put a new line.

#include "python/node.h"

#include <string_view>

namespace lightfix {

// The statement holding `def` that sits in a block also holding `use`, so a
// line inserted after it runs before `use`; null when no such statement
// precedes `use` (say `def` is in a branch `use` is not in).
Node liftToBlockOf(Node def, Node use);

// The first statement of a function's body after its docstring, or null.
Node firstStatementAfterDocstring(Node function);

}  // namespace lightfix
