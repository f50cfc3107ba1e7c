#include "python/syntax_tree.h"

#include <optional>
#include <string>

#include "python/grammar_gaps.h"
#include "python/node.h"

extern "C" const TSLanguage* tree_sitter_python();

namespace lightfix {

const TSLanguage* pythonLanguage() { return tree_sitter_python(); }

SyntaxTree SyntaxTree::parse(std::string_view text) {
  // A parser is cheap to keep and costly to create: one per thread.
  struct ParserDeleter {
    void operator()(TSParser* p) const { ts_parser_delete(p); }
  };
  thread_local std::unique_ptr<TSParser, ParserDeleter> parser = [] {
    std::unique_ptr<TSParser, ParserDeleter> p(ts_parser_new());
    ts_parser_set_language(p.get(), pythonLanguage());
    return p;
  }();
  auto parseText = [&](std::string_view source) {
    return ts_parser_parse_string(parser.get(), nullptr, source.data(),
                                  static_cast<uint32_t>(source.size()));
  };
  SyntaxTree tree;
  tree.tree_.reset(parseText(text));
  // Valid Python the grammar rejects: its same-length stand-in's tree,
  // when that one parses (see grammar_gaps.h).
  if (tree.hasError())
    if (std::optional<std::string> standIn = withoutGrammarGaps(text)) {
      std::unique_ptr<TSTree, Deleter> retry(parseText(*standIn));
      if (!ts_node_has_error(ts_tree_root_node(retry.get()))) tree.tree_ = std::move(retry);
    }
  tree.index_ = std::make_unique<NodeIndex>(tree.root());
  return tree;
}

static bool isErrorNode(TSNode node) { return is(node, "ERROR") || ts_node_is_missing(node); }

TSNode SyntaxTree::firstError() const {
  if (!hasError()) return TSNode{};
  // Down the first child holding an error, in a loop: a file may nest
  // thousands deep, and a recursion per level could overflow the stack.
  TSNode node = root();
  while (!isErrorNode(node)) {
    TSNode next{};
    for (uint32_t i = 0, n = ts_node_child_count(node); i < n && ts_node_is_null(next); ++i) {
      TSNode child = ts_node_child(node, i);
      if (isErrorNode(child) || ts_node_has_error(child)) next = child;
    }
    if (ts_node_is_null(next)) return node;
    node = next;
  }
  return node;
}

}  // namespace lightfix
