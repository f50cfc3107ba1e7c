#include "python/syntax_tree.h"

#include <optional>
#include <string>

#include "python/grammar_gaps.h"
#include "python/node.h"

extern "C" const TSLanguage* tree_sitter_python();

namespace lightfix {

const TSLanguage* pythonLanguage() { return tree_sitter_python(); }

namespace {

struct TreeDeleter {
  void operator()(TSTree* t) const { ts_tree_delete(t); }
};
using TreePtr = std::unique_ptr<TSTree, TreeDeleter>;

TreePtr parseOnce(std::string_view text) {
  // A parser is cheap to keep and costly to create: one per thread.
  struct ParserDeleter {
    void operator()(TSParser* p) const { ts_parser_delete(p); }
  };
  thread_local std::unique_ptr<TSParser, ParserDeleter> parser = [] {
    std::unique_ptr<TSParser, ParserDeleter> p(ts_parser_new());
    ts_parser_set_language(p.get(), pythonLanguage());
    return p;
  }();
  return TreePtr(ts_parser_parse_string(parser.get(), nullptr, text.data(),
                                        static_cast<uint32_t>(text.size())));
}

bool parsedWithError(const TreePtr& tree) {
  return ts_node_has_error(ts_tree_root_node(tree.get()));
}

// The tree of `text`; for valid Python the grammar rejects, its same-length
// stand-in's tree, when that one parses (see grammar_gaps.h).
TreePtr parseText(std::string_view text) {
  TreePtr tree = parseOnce(text);
  if (!parsedWithError(tree)) return tree;
  std::optional<std::string> standIn = withoutGrammarGaps(text);
  if (!standIn) return tree;
  TreePtr retry = parseOnce(*standIn);
  return parsedWithError(retry) ? std::move(tree) : std::move(retry);
}

}  // namespace

SyntaxTree SyntaxTree::parse(std::string_view text) {
  SyntaxTree tree;
  tree.table_ = std::make_unique<NodeTable>(parseText(text).get());
  return tree;
}

SyntaxTree SyntaxTree::of(std::unique_ptr<NodeTable> table) {
  SyntaxTree tree;
  tree.table_ = std::move(table);
  return tree;
}

bool SyntaxTree::parses(std::string_view text) { return !parsedWithError(parseText(text)); }

static bool isErrorNode(Node node) { return is(node, "ERROR") || isMissing(node); }

Node SyntaxTree::firstError() const {
  if (!hasError()) return Node{};
  // Down the first child holding an error, in a loop: a file may nest
  // thousands deep, and a recursion per level could overflow the stack.
  Node node = root();
  while (!isErrorNode(node)) {
    Node next{};
    for (Node c : children(node))
      if (isErrorNode(c) || lightfix::hasError(c)) {
        next = c;
        break;
      }
    if (isNull(next)) return node;
    node = next;
  }
  return node;
}

}  // namespace lightfix
