#pragma once
// A tree-sitter-python parse of one source text, kept as a NodeTable.

#include <tree_sitter/api.h>

#include <memory>
#include <string_view>

#include "python/node.h"

namespace lightfix {

class SyntaxTree {
 public:
  static SyntaxTree parse(std::string_view text);
  // The tree a table stands for (one parse() made, stored and read back).
  static SyntaxTree of(std::unique_ptr<NodeTable> table);
  // Whether `text` parses without an error, building no table.
  static bool parses(std::string_view text);

  Node root() const { return table_ ? table_->root() : Node{}; }
  // True when tree-sitter had to recover from an error anywhere.
  bool hasError() const { return lightfix::hasError(root()); }
  // The first error or missing node, or a null node.
  Node firstError() const;
  // Its nodes (a tree made by parse() always has one).
  const NodeTable& table() const { return *table_; }

 private:
  // Behind a pointer: nodes point at it, and a SyntaxTree moves.
  std::unique_ptr<NodeTable> table_;
};

const TSLanguage* pythonLanguage();

}  // namespace lightfix
