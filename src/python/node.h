#pragma once
// Small helpers over tree-sitter nodes of the Python grammar.

#include <tree_sitter/api.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace lightfix {

// ts_node_is_null, inline: it is asked of nearly every node.
inline bool isNull(TSNode n) { return n.id == nullptr; }

// The symbols a node type's name stands for, named and anonymous (`is`
// matches either, as comparing ts_node_type would), looked up once per
// name literal and thread: is() runs on every node of every walk, and
// comparing symbols costs a fraction of comparing names.
struct TypeSymbols {
  TSSymbol named = 0;
  TSSymbol anonymous = 0;
  bool hasNamed = false;
  bool hasAnonymous = false;

  bool matches(TSSymbol symbol) const {
    return (hasNamed && symbol == named) || (hasAnonymous && symbol == anonymous);
  }
};
const TypeSymbols& typeSymbols(const TSLanguage* language, const char* type);
// ts_node_symbol, read from the index for the node an indexed walk visits.
TSSymbol symbolOf(TSNode n);

inline bool is(TSNode n, const char* type) {
  if (isNull(n)) return false;
  return typeSymbols(ts_tree_language(n.tree), type).matches(symbolOf(n));
}
inline bool sameNode(TSNode a, TSNode b) { return !isNull(a) && !isNull(b) && a.id == b.id; }
inline uint32_t startOf(TSNode n) { return ts_node_start_byte(n); }
inline uint32_t endOf(TSNode n) { return ts_node_end_byte(n); }
inline bool contains(TSNode outer, TSNode inner) {
  return startOf(outer) <= startOf(inner) && endOf(inner) <= endOf(outer);
}

std::string_view textOf(TSNode n, std::string_view source);
TSNode field(TSNode n, const char* name);
std::vector<TSNode> namedChildren(TSNode n);
// `a if cond else b`: `a` and `b`, the values it may take (not `cond`).
std::vector<TSNode> conditionalBranches(TSNode conditional);

// Visits n and its descendants in document order; the visitor returns false
// to skip a node's children. Iterative, so deep nesting cannot overflow.
void walk(TSNode n, const std::function<bool(TSNode)>& visit);

// Visits every `call` node of n's subtree, in document order: from the
// index's list of calls when the tree is indexed (IndexedWalks), so that
// the many passes looking only at calls skip the other nine nodes in ten.
void walkCalls(TSNode n, const std::function<void(TSNode)>& visit);

// Visits every node of n's subtree (n too) of one of `types`, in document
// order: on an indexed tree, a scan of the index's symbols that calls back
// only for those nodes, not a visit of every node.
void walkTypes(TSNode n, std::initializer_list<const char*> types,
               const std::function<void(TSNode)>& visit);

// Every node of a tree in document order, with where each one's subtree
// ends: a walk over an indexed tree is a scan of an array, not a cursor's
// moves, and a file is walked many times (each model pass, each rule).
class NodeIndex {
 public:
  explicit NodeIndex(TSNode root);
  // Where `n` is, or -1 if it is not in this tree.
  int64_t find(TSNode n) const;
  size_t size() const { return nodes_.size(); }
  // The node at `i`, made again from what a node holds but its tree, which
  // is the index's.
  TSNode node(uint32_t i) const {
    const Packed& p = nodes_[i];
    return TSNode{{p.context[0], p.context[1], p.context[2], p.context[3]}, p.id, tree_};
  }
  // One past the last node of the subtree at `i`.
  uint32_t subtreeEnd(uint32_t i) const { return subtreeEnd_[i]; }
  // The parent of the node at `i`; -1 for the root.
  int64_t parent(uint32_t i) const { return parent_[i]; }
  // Its symbol: an array read instead of a load from the node's subtree.
  TSSymbol symbol(uint32_t i) const { return symbols_[i]; }
  // The innermost function definition around the node at `i` (not the node
  // itself); -1 for none. Kept so that asking it of every node of a deeply
  // nested file is not quadratic.
  int64_t enclosingFunction(uint32_t i) const { return function_[i]; }
  // Where the `call` nodes are, in document order.
  const std::vector<uint32_t>& calls() const { return calls_; }
  // Where the `class_definition` nodes are, in document order.
  const std::vector<uint32_t>& classes() const { return classes_; }
  // The first child of the node at `i` in `field`, by a scan of its children
  // here, or -1. A field inherited through a hidden rule is not seen here
  // (field() then asks tree-sitter).
  int64_t childInField(uint32_t i, TSFieldId field) const;

 private:
  // A TSNode without its tree, the same for all: 24 bytes instead of 32, and
  // context[0] is its start byte, which find() searches.
  struct Packed {
    uint32_t context[4];
    const void* id;
  };
  void reserveFor(uint32_t bytes);
  void fit();
  const TSTree* tree_ = nullptr;
  std::vector<Packed> nodes_;
  std::vector<TSSymbol> symbols_;
  std::vector<uint32_t> subtreeEnd_;
  std::vector<TSFieldId> fields_;  // the field each node is in, in its parent (0: none)
  // 32-bit links (-1: none): a file has far fewer than 2^31 nodes, and the
  // index of every file of a project is held at once.
  std::vector<int32_t> parent_;
  std::vector<int32_t> function_;
  std::vector<uint32_t> calls_;
  std::vector<uint32_t> classes_;
};

// While alive, walks on this thread over nodes of the index's tree use it.
class IndexedWalks {
 public:
  explicit IndexedWalks(const NodeIndex& index);
  ~IndexedWalks();
  IndexedWalks(const IndexedWalks&) = delete;
  IndexedWalks& operator=(const IndexedWalks&) = delete;

 private:
  const NodeIndex* previous_;
};

// ts_node_parent, which tree-sitter finds by descending from the root: from
// the index when the tree is indexed (IndexedWalks), in O(log n).
TSNode parentOf(TSNode n);

// The nearest ancestor (not n itself) of one of the given types, or null.
TSNode ancestorOfType(TSNode n, std::initializer_list<const char*> types);
// The innermost function definition around n, or null at module level.
TSNode enclosingFunction(TSNode n);
// The statement that n belongs to whose parent is a block or the module.
TSNode enclosingStatement(TSNode n);
// Whether n is a statement list: a block or the module.
bool isBlock(TSNode n);

// For `a.b(...)`: the call's callee, receiver and method name.
struct MethodCall {
  TSNode call{};
  TSNode receiver{};        // `a`
  std::string_view method;  // "b"
  TSNode arguments{};
};
bool asMethodCall(TSNode call, std::string_view source, MethodCall& out);

// The keyword argument `name=` of a call's argument list, or null.
TSNode keywordArgument(TSNode arguments, std::string_view name, std::string_view source);
// The positional arguments of a call, in order (keywords and splats excluded).
std::vector<TSNode> positionalArguments(TSNode arguments);
// True when the arguments include `*x` or `**x`.
bool hasSplat(TSNode arguments);

// The string value of a plain string literal (no f-string interpolation), or
// false when n is not one.
bool stringLiteral(TSNode n, std::string_view source, std::string& value);

}  // namespace lightfix
