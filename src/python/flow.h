#pragma once
// Control flow facts about statements, from syntax alone.

#include <tree_sitter/api.h>

#include <string_view>

namespace lightfix {

// Whether running `block` always ends in a return or raise (or never ends),
// so control cannot fall off its end. Unknown shapes count as exiting: a
// missed finding is better than a false alarm.
bool alwaysExits(TSNode block, std::string_view source);

// Whether n lies in a loop body inside its own function.
bool insideLoop(TSNode n);

// Visits the statements of a function's body that belong to it, not to a
// nested function, class or lambda.
template <typename Visit>
void forEachOwnNode(TSNode function, Visit visit);

}  // namespace lightfix

#include "python/node.h"

namespace lightfix {

template <typename Visit>
void forEachOwnNode(TSNode function, Visit visit) {
  walk(field(function, "body"), [&](TSNode n) {
    if (is(n, "function_definition") || is(n, "class_definition") || is(n, "lambda")) return false;
    visit(n);
    return true;
  });
}

}  // namespace lightfix
