#include "fixers/statements.h"

#include "python/node.h"

namespace lightfix {

Node liftToBlockOf(Node def, Node use) {
  Node statement = enclosingStatement(def);
  while (!isNull(statement)) {
    Node block = parentOf(statement);
    if (contains(block, use)) {
      if (contains(statement, use) || startOf(statement) > startOf(use)) return Node{};
      return statement;
    }
    statement = enclosingStatement(block);
  }
  return Node{};
}

Node firstStatementAfterDocstring(Node function) {
  Node body = field(function, "body");
  std::vector<Node> statements = namedChildren(body);
  size_t i = 0;
  while (i < statements.size() && is(statements[i], "comment")) ++i;
  if (i < statements.size() && is(statements[i], "expression_statement") &&
      is(namedChild(statements[i], 0), "string"))
    ++i;
  while (i < statements.size() && is(statements[i], "comment")) ++i;
  return i < statements.size() ? statements[i] : Node{};
}

}  // namespace lightfix
