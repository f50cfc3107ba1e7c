#include "python/flow.h"

#include "python/node.h"

namespace lightfix {

static bool statementExits(Node s, std::string_view source);

bool alwaysExits(Node block, std::string_view source) {
  for (Node s : namedChildren(block))
    if (statementExits(s, source)) return true;
  return false;
}

static bool containsBreak(Node body) {
  bool found = false;
  walk(body, [&](Node n) {
    if (found || is(n, "for_statement") || is(n, "while_statement") ||
        is(n, "function_definition") || is(n, "class_definition"))
      return false;
    if (is(n, "break_statement")) found = true;
    return !found;
  });
  return found;
}

static bool statementExits(Node s, std::string_view source) {
  if (is(s, "return_statement") || is(s, "raise_statement")) return true;
  if (is(s, "if_statement")) {
    if (!alwaysExits(field(s, "consequence"), source)) return false;
    bool hasElse = false;
    for (Node alt : namedChildren(s)) {
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
    for (Node part : namedChildren(s)) {
      if (is(part, "finally_clause")) {
        for (Node b : namedChildren(part))
          if (is(b, "block") && alwaysExits(b, source)) return true;
      } else if (is(part, "else_clause")) {
        bodyExits = bodyExits || alwaysExits(field(part, "body"), source);
      } else if (is(part, "except_clause") || is(part, "except_group_clause")) {
        bool exits = false;
        for (Node b : namedChildren(part))
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
    // Exits when every case does and the last one catches everything
    // (`case _:` or a bare capture, with no guard).
    Node lastCase{};
    for (Node c : namedChildren(field(s, "body"))) {
      if (!is(c, "case_clause")) continue;
      if (!alwaysExits(field(c, "consequence"), source)) return false;
      lastCase = c;
    }
    if (isNull(lastCase) || !isNull(field(lastCase, "guard"))) return false;
    std::vector<Node> patterns;
    for (Node c : namedChildren(lastCase))
      if (is(c, "case_pattern")) patterns.push_back(c);
    if (patterns.size() != 1) return false;
    std::string_view pattern = textOf(patterns[0], source);
    return pattern == "_" || (is(namedChild(patterns[0], 0), "dotted_name") &&
                              pattern.find('.') == std::string_view::npos);
  }
  return false;
}

static bool assignsName(Node assignment, std::string_view name, std::string_view source) {
  for (Node a = assignment; is(a, "assignment"); a = field(a, "right")) {
    Node left = field(a, "left");
    if (textOf(left, source) == name && !is(field(a, "right"), "none")) return true;
    for (Node t : namedChildren(left))
      if ((is(left, "pattern_list") || is(left, "tuple_pattern")) && textOf(t, source) == name)
        return true;
  }
  return false;
}

static bool blockAssigns(Node block, std::string_view name, std::string_view source) {
  for (Node s : namedChildren(block))
    if (definitelyAssigns(s, name, source)) return true;
  return false;
}

bool definitelyAssigns(Node s, std::string_view name, std::string_view source) {
  if (is(s, "expression_statement")) {
    for (Node e : namedChildren(s))
      if (is(e, "assignment") && assignsName(e, name, source)) return true;
    return false;
  }
  if (is(s, "with_statement")) return blockAssigns(field(s, "body"), name, source);
  if (is(s, "if_statement")) {
    if (!blockAssigns(field(s, "consequence"), name, source)) return false;
    bool hasElse = false;
    for (Node alt : namedChildren(s)) {
      if (is(alt, "elif_clause") && !blockAssigns(field(alt, "consequence"), name, source))
        return false;
      if (is(alt, "else_clause")) {
        hasElse = true;
        if (!blockAssigns(field(alt, "body"), name, source)) return false;
      }
    }
    return hasElse;
  }
  if (is(s, "try_statement")) {
    // A handler that exits does not reach the end; one that falls through
    // must assign too.
    if (!blockAssigns(field(s, "body"), name, source)) return false;
    for (Node part : namedChildren(s)) {
      if (!is(part, "except_clause") && !is(part, "except_group_clause")) continue;
      for (Node b : namedChildren(part))
        if (is(b, "block") && !alwaysExits(b, source) && !blockAssigns(b, name, source))
          return false;
    }
    return true;
  }
  return false;
}

bool boundOnEveryPath(Node function, Node at, std::string_view name, std::string_view source) {
  // Walk out from the point: every statement ahead of it in each enclosing
  // block has run.
  Node body = field(function, "body");
  uint32_t point = isNull(at) ? endOf(body) : startOf(at);
  for (Node block = isNull(at) ? body : parentOf(at); !isNull(block); block = parentOf(block)) {
    if (is(block, "block")) {
      for (Node s : namedChildren(block)) {
        if (endOf(s) > point) break;
        if (definitelyAssigns(s, name, source)) return true;
      }
    }
    if (sameNode(block, body)) break;
  }
  return false;
}

// Whether being inside p makes a node run only sometimes.
bool makesConditional(Node p) {
  return is(p, "elif_clause") || is(p, "else_clause") || is(p, "except_clause") ||
         is(p, "except_group_clause") || is(p, "case_clause") || is(p, "conditional_expression") ||
         is(p, "boolean_operator") || is(p, "lambda") || is(p, "function_definition") ||
         (is(p, "block") && is(parentOf(p), "if_statement"));
}

bool runsBefore(Node a, Node b) {
  if (endOf(a) > startOf(b)) return false;
  for (Node p = parentOf(a); !isNull(p); p = parentOf(p)) {
    if (contains(p, b)) return true;
    if (makesConditional(p)) return false;
  }
  return false;
}

bool runsWhenever(Node n, Node function) {
  for (Node p = parentOf(n); !isNull(p) && !sameNode(p, function); p = parentOf(p))
    if (makesConditional(p)) return false;
  return true;
}

// The child of `branching` (an if or match statement) that holds n.
static Node branchOf(Node branching, Node n) {
  for (Node child :
       namedChildren(is(branching, "match_statement") ? field(branching, "body") : branching))
    if (contains(child, n)) return child;
  return Node{};
}

bool mutuallyExclusive(Node a, Node b) {
  for (Node p = parentOf(a); !isNull(p); p = parentOf(p)) {
    if (!contains(p, b)) continue;
    if (!is(p, "if_statement") && !is(p, "match_statement")) return false;
    Node ba = branchOf(p, a);
    Node bb = branchOf(p, b);
    bool branches = !sameNode(ba, field(p, "condition")) && !sameNode(bb, field(p, "condition"));
    return branches && !isNull(ba) && !isNull(bb) && !sameNode(ba, bb);
  }
  return false;
}

bool insideLoop(Node n) { return insideLoopWithout(n, Node{}); }

bool insideLoopWithout(Node n, Node held) {
  for (Node p = parentOf(n); !isNull(p); p = parentOf(p)) {
    if (is(p, "function_definition") || is(p, "lambda")) return false;
    bool loop = is(p, "for_statement") || is(p, "while_statement") || is(p, "list_comprehension") ||
                is(p, "set_comprehension") || is(p, "dictionary_comprehension") ||
                is(p, "generator_expression");
    if (loop && (isNull(held) || !contains(p, held))) return true;
  }
  return false;
}

}  // namespace lightfix
