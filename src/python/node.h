#pragma once
// The nodes of a parsed Python file, and small helpers over them.

#include <tree_sitter/api.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace lightfix {

class NodeTable;

// A node of a parsed file: its place in the file's NodeTable. Its tree-sitter
// tree is freed once the table is built, which holds what the rules read of
// each node in a third of the memory, and walks are scans of an array.
struct Node {
  const NodeTable* table = nullptr;
  uint32_t at = 0;
};

inline bool isNull(Node n) { return n.table == nullptr; }
inline bool sameNode(Node a, Node b) { return !isNull(a) && a.table == b.table && a.at == b.at; }
// A key telling apart every node held at once, of any file (for maps).
const void* identity(Node n);

// The symbols a node type's name stands for, named and anonymous (`is`
// matches either, as comparing type names would), looked up once per
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

// Every node of a parsed tree in document order, with what the rules read of
// it: its type, its field in its parent, its bytes, and where its subtree
// ends, so that its children are found by skipping subtrees.
class NodeTable {
 public:
  explicit NodeTable(const TSTree* tree);
  // Its entries as bytes, for a table store (node_table_bytes.cpp), and
  // back: null unless `bytes` are a table, of a text of `textSize` bytes,
  // whose every place lies within it. The entries are read in place where
  // they are aligned (a file mapped into memory): `owner` keeps them.
  std::string bytes() const;
  static std::unique_ptr<NodeTable> fromBytes(std::string_view bytes, size_t textSize,
                                              std::shared_ptr<const void> owner = nullptr);
  size_t size() const { return count_; }
  Node node(uint32_t i) const { return Node{this, i}; }
  Node root() const { return count_ == 0 ? Node{} : node(0); }
  const TSLanguage* language() const { return language_; }
  // Where the `call` nodes are, in document order.
  const std::vector<uint32_t>& calls() const { return calls_; }
  // Where the `class_definition` nodes are, in document order.
  const std::vector<uint32_t>& classes() const { return classes_; }

  struct Entry {
    uint32_t start;
    uint32_t end;
    uint32_t subtreeEnd;  // one past the last node of its subtree
    int32_t parent;       // -1 for the root
    // The innermost function definition around it (not itself), or -1:
    // kept so that asking it of every node of a deeply nested file is not
    // quadratic.
    int32_t function;
    TSSymbol symbol;
    uint8_t field;  // its field in its parent (0: none)
    uint8_t flags;
  };
  // Every table of a project is held until it is linked: 24 bytes a node.
  static_assert(sizeof(Entry) == 24);
  enum Flag : uint8_t { kNamed = 1, kMissing = 2, kHasError = 4 };
  const Entry& entry(uint32_t i) const { return entries_[i]; }

 private:
  NodeTable() = default;
  // The lists of calls and classes, from the entries.
  void indexEntries();

  const TSLanguage* language_ = nullptr;
  const Entry* entries_ = nullptr;
  uint32_t count_ = 0;
  // What holds the entries: a vector of them, or the bytes they were read in.
  std::shared_ptr<const void> storage_;
  std::vector<uint32_t> calls_;
  std::vector<uint32_t> classes_;
};

inline const NodeTable::Entry& entryOf(Node n) { return n.table->entry(n.at); }
inline TSSymbol symbolOf(Node n) { return entryOf(n).symbol; }
inline bool is(Node n, const char* type) {
  if (isNull(n)) return false;
  return typeSymbols(n.table->language(), type).matches(symbolOf(n));
}
inline uint32_t startOf(Node n) { return isNull(n) ? 0 : entryOf(n).start; }
inline uint32_t endOf(Node n) { return isNull(n) ? 0 : entryOf(n).end; }
inline bool contains(Node outer, Node inner) {
  return startOf(outer) <= startOf(inner) && endOf(inner) <= endOf(outer);
}
inline bool isNamed(Node n) { return !isNull(n) && (entryOf(n).flags & NodeTable::kNamed); }
// A node tree-sitter inserted to recover from an error.
inline bool isMissing(Node n) { return !isNull(n) && (entryOf(n).flags & NodeTable::kMissing); }
// Whether its subtree holds an error or a missing node.
inline bool hasError(Node n) { return !isNull(n) && (entryOf(n).flags & NodeTable::kHasError); }
// Its grammar type's name ("call", "=").
const char* typeName(Node n);

std::string_view textOf(Node n, std::string_view source);
Node field(Node n, const char* name);
std::vector<Node> namedChildren(Node n);
// Every child, anonymous ones (`=`, `<`, `)`) too.
std::vector<Node> children(Node n);
// Children one at a time, as tree-sitter counts them (anonymous ones too, or
// named ones only); a null node past the last.
uint32_t childCount(Node n);
Node child(Node n, uint32_t i);
uint32_t namedChildCount(Node n);
Node namedChild(Node n, uint32_t i);
// The smallest node (anonymous ones too) spanning bytes [start, end), as
// tree-sitter's ts_node_descendant_for_byte_range finds it.
Node descendantForRange(Node root, uint32_t start, uint32_t end);
// `a if cond else b`: `a` and `b`, the values it may take (not `cond`).
std::vector<Node> conditionalBranches(Node conditional);

// Visits n and its descendants in document order; the visitor returns false
// to skip a node's children.
void walk(Node n, const std::function<bool(Node)>& visit);

// Visits every `call` node of n's subtree, in document order, from the
// table's list of calls: the many passes looking only at calls skip the
// other nine nodes in ten.
void walkCalls(Node n, const std::function<void(Node)>& visit);

// Visits every node of n's subtree (n too) of one of `types`, in document
// order: a scan of the table's symbols that calls back only for those nodes.
void walkTypes(Node n, std::initializer_list<const char*> types,
               const std::function<void(Node)>& visit);

Node parentOf(Node n);
// The named node before n among its parent's children, or null.
Node previousNamedSibling(Node n);

// The nearest ancestor (not n itself) of one of the given types, or null.
Node ancestorOfType(Node n, std::initializer_list<const char*> types);
// The innermost function definition around n, or null at module level.
Node enclosingFunction(Node n);
// The statement that n belongs to whose parent is a block or the module.
Node enclosingStatement(Node n);
// Whether n is a statement list: a block or the module.
bool isBlock(Node n);
// The methods defined directly in the body of the class definition `cls`
// (decorated or not), in order.
std::vector<Node> methodsDefinedIn(Node cls);
// The method `name` defined directly in the body of the class definition
// `cls` (decorated or not), or null.
Node methodDefinedIn(Node cls, std::string_view name, std::string_view source);

// For `a.b(...)`: the call's callee, receiver and method name.
struct MethodCall {
  Node call{};
  Node receiver{};          // `a`
  std::string_view method;  // "b"
  Node arguments{};
};
bool asMethodCall(Node call, std::string_view source, MethodCall& out);

// A read of an object's attribute: `a.b`, or `getattr(a, "b")` and
// `getattr(a, "b", fallback)` with a literal name (the fallback null when
// there is none, or for `a.b`).
struct AttributeRead {
  Node object{};
  std::string name;
  Node fallback{};
};
bool asAttributeRead(Node expr, std::string_view source, AttributeRead& out);
// `self.x`: an attribute of the object a method runs on.
bool isSelfAttribute(Node n, std::string_view source);

// The value of the keyword argument `name=` of a call's argument list, or null.
Node keywordArgument(Node arguments, std::string_view name, std::string_view source);
// The positional arguments of a call, in order (keywords and splats excluded).
std::vector<Node> positionalArguments(Node arguments);
// True when the arguments include `*x` or `**x`.
bool hasSplat(Node arguments);

// The string value of a plain string literal (no f-string interpolation), or
// false when n is not one.
bool stringLiteral(Node n, std::string_view source, std::string& value);

}  // namespace lightfix
