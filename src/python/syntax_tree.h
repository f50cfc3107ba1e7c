#pragma once
// A tree-sitter-python parse of one source text.

#include <tree_sitter/api.h>

#include <memory>
#include <string_view>

#include "python/node.h"

namespace lightfix {

class SyntaxTree {
 public:
  static SyntaxTree parse(std::string_view text);

  TSNode root() const { return ts_tree_root_node(tree_.get()); }
  // True when tree-sitter had to recover from an error anywhere.
  bool hasError() const { return ts_node_has_error(root()); }
  // The first error or missing node, or a null node.
  TSNode firstError() const;
  // Its nodes in document order, for fast walks (see IndexedWalks).
  const NodeIndex& index() const { return *index_; }

 private:
  struct Deleter {
    void operator()(TSTree* t) const { ts_tree_delete(t); }
  };
  std::unique_ptr<TSTree, Deleter> tree_;
  std::unique_ptr<NodeIndex> index_;
};

const TSLanguage* pythonLanguage();

}  // namespace lightfix
