#include "python/flow.h"

#include "python/node.h"

namespace lightfix {

static bool statementExits(TSNode s, std::string_view source);

bool alwaysExits(TSNode block, std::string_view source) {
  for (TSNode s : namedChildren(block))
    if (statementExits(s, source)) return true;
  return false;
}

static bool containsBreak(TSNode body) {
  bool found = false;
  walk(body, [&](TSNode n) {
    if (found || is(n, "for_statement") || is(n, "while_statement") ||
        is(n, "function_definition") || is(n, "class_definition"))
      return false;
    if (is(n, "break_statement")) found = true;
    return !found;
  });
  return found;
}

static bool statementExits(TSNode s, std::string_view source) {
  if (is(s, "return_statement") || is(s, "raise_statement")) return true;
  if (is(s, "if_statement")) {
    if (!alwaysExits(field(s, "consequence"), source)) return false;
    bool hasElse = false;
    for (TSNode alt : namedChildren(s)) {
      if (is(alt, "elif_clause") && !alwaysExits(field(alt, "consequence"), source)) return false;
      if (is(alt, "else_clause")) {
        hasElse = true;
        if (!alwaysExits(field(alt, "body"), source)) return false;
      }
    }
    return hasElse;
  }
  if (is(s, "try_statement")) {
    bool bodyExits = alwaysExits(field(s, "body"), source);
    bool handlersExit = true;
    for (TSNode part : namedChildren(s)) {
      if (is(part, "finally_clause")) {
        for (TSNode b : namedChildren(part))
          if (is(b, "block") && alwaysExits(b, source)) return true;
      } else if (is(part, "else_clause")) {
        bodyExits = bodyExits || alwaysExits(field(part, "body"), source);
      } else if (is(part, "except_clause") || is(part, "except_group_clause")) {
        bool exits = false;
        for (TSNode b : namedChildren(part))
          if (is(b, "block")) exits = alwaysExits(b, source);
        handlersExit = handlersExit && exits;
      }
    }
    return bodyExits && handlersExit;
  }
  if (is(s, "with_statement")) return alwaysExits(field(s, "body"), source);
  if (is(s, "while_statement")) {
    std::string_view cond = textOf(field(s, "condition"), source);
    return (cond == "True" || cond == "1") && !containsBreak(field(s, "body"));
  }
  if (is(s, "match_statement")) {
    // Without knowing whether the cases are exhaustive, trust the cases.
    TSNode body = field(s, "body");
    for (TSNode c : namedChildren(body))
      if (is(c, "case_clause") && !alwaysExits(field(c, "consequence"), source)) return false;
    return true;
  }
  return false;
}

bool insideLoop(TSNode n) {
  for (TSNode p = ts_node_parent(n); !isNull(p); p = ts_node_parent(p)) {
    if (is(p, "function_definition") || is(p, "lambda")) return false;
    if (is(p, "for_statement") || is(p, "while_statement")) return true;
  }
  return false;
}

}  // namespace lightfix
