#pragma once
// Control flow facts about statements, from syntax alone.

#include "python/node.h"

#include <string_view>

namespace lightfix {

// Whether running `block` always ends in a return or raise (or never ends),
// so control cannot fall off its end. Unknown shapes count as exiting: a
// missed finding is better than a false alarm.
bool alwaysExits(Node block, std::string_view source);

// Whether `name` is bound on every path through statement `s` that reaches
// its end: an assignment, or a with/if-else/try whose every way assigns it.
bool definitelyAssigns(Node s, std::string_view name, std::string_view source);

// Whether `name` is bound on every path to statement `at` inside
// `function`; a null `at` means falling off the end of its body.
bool boundOnEveryPath(Node function, Node at, std::string_view name, std::string_view source);

// Whether `a`, which ends before `b`, runs whenever `b` does: nothing
// between `a` and the block they share makes `a` conditional (an if or elif
// branch, an except handler, a match case, `x if c else y`, `and`/`or`).
bool runsBefore(Node a, Node b);

// Whether being directly inside p makes a node run only sometimes: an if
// branch, an elif or else clause, an except handler, a match case, `x if c
// else y`, `and`/`or`, a lambda or a nested function.
bool makesConditional(Node p);

// Whether `n` runs whenever its enclosing `function` (or node) runs to the end.
bool runsWhenever(Node n, Node function);

// Whether `a` and `b` sit in different branches of one if/elif/else or
// match, so that no run executes both.
bool mutuallyExclusive(Node a, Node b);

// Whether n lies in a loop body (or a comprehension) inside its own
// function: it may run many times.
bool insideLoop(Node n);
// The same, counting only loops that do not also hold `held` (a Fabric made
// anew in the loop that sets it up sets it up once).
bool insideLoopWithout(Node n, Node held);

// Visits the statements of a function's body that belong to it, not to a
// nested function, class or lambda.
template <typename Visit>
void forEachOwnNode(Node function, Visit visit);

}  // namespace lightfix

#include "python/node.h"

namespace lightfix {

template <typename Visit>
void forEachOwnNode(Node function, Visit visit) {
  walk(field(function, "body"), [&](Node n) {
    if (is(n, "function_definition") || is(n, "class_definition") || is(n, "lambda")) return false;
    visit(n);
    return true;
  });
}

}  // namespace lightfix
