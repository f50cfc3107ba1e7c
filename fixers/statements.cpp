#include "fixers/statements.h"

#include "python/node.h"

namespace lightfix {

TSNode liftToBlockOf(TSNode def, TSNode use) {
  TSNode statement = enclosingStatement(def);
  while (!isNull(statement)) {
    TSNode block = parentOf(statement);
    if (contains(block, use)) {
      if (contains(statement, use) || startOf(statement) > startOf(use)) return TSNode{};
      return statement;
    }
    statement = enclosingStatement(block);
  }
  return TSNode{};
}

TSNode firstStatementAfterDocstring(TSNode function) {
  TSNode body = field(function, "body");
  std::vector<TSNode> statements = namedChildren(body);
  size_t i = 0;
  while (i < statements.size() && is(statements[i], "comment")) ++i;
  if (i < statements.size() && is(statements[i], "expression_statement") &&
      is(ts_node_named_child(statements[i], 0), "string"))
    ++i;
  while (i < statements.size() && is(statements[i], "comment")) ++i;
  return i < statements.size() ? statements[i] : TSNode{};
}

}  // namespace lightfix
