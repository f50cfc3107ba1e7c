#include "python/node.h"

#include <algorithm>
#include <cstring>
#include <optional>

namespace lightfix {

std::string_view textOf(TSNode n, std::string_view source) {
  if (isNull(n)) return {};
  return source.substr(startOf(n), endOf(n) - startOf(n));
}

namespace {
// n's first child in `field`: from the index when this thread's walks hold
// n's tree, which is faster than tree-sitter's search of the children
// (NodeIndex.FindsEachFieldAndChildAsTreeSitterDoes holds the two to agree).
TSNode childInField(TSNode n, TSFieldId field);
}  // namespace

TSNode field(TSNode n, const char* name) {
  if (isNull(n)) return n;
  // tree-sitter finds a field's id by comparing its name with every field's;
  // the names here are literals, so each is looked up once per thread.
  struct Known {
    const char* name;
    std::string text;
    TSFieldId id;
  };
  thread_local std::vector<Known> known;
  for (const Known& k : known)
    if (k.name == name && k.text == name) return k.id ? childInField(n, k.id) : TSNode{};
  auto length = static_cast<uint32_t>(std::strlen(name));
  TSFieldId id = ts_language_field_id_for_name(ts_tree_language(n.tree), name, length);
  known.push_back({name, name, id});
  return id ? childInField(n, id) : TSNode{};
}

std::vector<TSNode> conditionalBranches(TSNode conditional) {
  std::vector<TSNode> parts;
  for (TSNode part : namedChildren(conditional))
    if (!is(part, "comment")) parts.push_back(part);
  if (parts.size() < 2) return parts;
  return {parts.front(), parts.back()};
}

// tree-sitter's ts_builtin_sym_error, not in its public header.
constexpr TSSymbol kErrorSymbol = static_cast<TSSymbol>(-1);

const TypeSymbols& typeSymbols(const TSLanguage* language, const char* type) {
  struct Entry {
    const TSLanguage* language = nullptr;
    const char* type = nullptr;
    TypeSymbols symbols;
  };
  // Direct-mapped by the literal's address, spread by a Fibonacci hash (the
  // literals lie side by side, and a few hundred are asked for): a
  // collision costs a lookup by name, which a walk must not pay per node.
  constexpr unsigned kSlotBits = 10;
  thread_local Entry cache[size_t{1} << kSlotBits];
  uint64_t address = reinterpret_cast<uintptr_t>(type);
  Entry& e = cache[(address * 0x9E3779B97F4A7C15ull) >> (64 - kSlotBits)];
  if (e.type == type && e.language == language) return e.symbols;
  e.language = language;
  e.type = type;
  e.symbols = TypeSymbols{};
  auto length = static_cast<uint32_t>(std::strlen(type));
  // ts_language_symbol_for_name reads "ERROR" for any prefix of it.
  if (std::strcmp(type, "ERROR") == 0) {
    e.symbols.named = kErrorSymbol;
    e.symbols.hasNamed = true;
    return e.symbols;
  }
  for (bool named : {true, false}) {
    TSSymbol symbol = ts_language_symbol_for_name(language, type, length, named);
    if (symbol == 0 || symbol == kErrorSymbol) continue;
    (named ? e.symbols.named : e.symbols.anonymous) = symbol;
    (named ? e.symbols.hasNamed : e.symbols.hasAnonymous) = true;
  }
  return e.symbols;
}

namespace {
thread_local const NodeIndex* tIndex = nullptr;
// The node an indexed walk is visiting, its symbol and its place in tIndex:
// most is() and field() calls ask about it. Only walks over tIndex set it,
// and IndexedWalks clears it whenever tIndex changes, so it is always a node
// of tIndex's tree (never one of a tree freed since).
struct Visited {
  TSNode node{};
  TSSymbol symbol = 0;
  uint32_t at = 0;

  bool holds(TSNode n) const {
    return n.id == node.id && n.tree == node.tree && n.context[0] == node.context[0];
  }
};
thread_local Visited tVisited;
}  // namespace

TSSymbol symbolOf(TSNode n) {
  if (tVisited.holds(n)) return tVisited.symbol;
  return ts_node_symbol(n);
}

NodeIndex::NodeIndex(TSNode root) {
  if (isNull(root)) return;
  tree_ = root.tree;
  const TSLanguage* language = ts_tree_language(root.tree);
  // Copies: the cache's slot a reference points into may be taken by another
  // name's lookup.
  const TypeSymbols call = typeSymbols(language, "call");
  const TypeSymbols function = typeSymbols(language, "function_definition");
  const TypeSymbols definesClass = typeSymbols(language, "class_definition");
  reserveFor(ts_node_end_byte(root));
  // Pre-order with a cursor, closing each subtree as the cursor leaves it.
  std::vector<uint32_t> open;
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(&cursor);
    int32_t parent = open.empty() ? -1 : static_cast<int32_t>(open.back());
    parent_.push_back(parent);
    function_.push_back(parent < 0 ? -1
                        : function.matches(symbols_[static_cast<size_t>(parent)])
                            ? parent
                            : function_[static_cast<size_t>(parent)]);
    open.push_back(static_cast<uint32_t>(nodes_.size()));
    TSSymbol symbol = ts_node_symbol(n);
    if (call.matches(symbol)) calls_.push_back(static_cast<uint32_t>(nodes_.size()));
    if (definesClass.matches(symbol)) classes_.push_back(static_cast<uint32_t>(nodes_.size()));
    nodes_.push_back(Packed{{n.context[0], n.context[1], n.context[2], n.context[3]}, n.id});
    symbols_.push_back(symbol);
    fields_.push_back(ts_tree_cursor_current_field_id(&cursor));
    subtreeEnd_.push_back(0);
    if (ts_tree_cursor_goto_first_child(&cursor)) continue;
    for (;;) {
      subtreeEnd_[open.back()] = static_cast<uint32_t>(nodes_.size());
      open.pop_back();
      if (ts_tree_cursor_goto_next_sibling(&cursor)) break;
      if (!ts_tree_cursor_goto_parent(&cursor)) {
        ts_tree_cursor_delete(&cursor);
        fit();
        return;
      }
    }
  }
}

// Python runs at about one node per 4 bytes (identifiers, operators and
// the nodes above them; fewer in comments and docstrings): sized for that,
// a file's vectors are allocated once, not doubled and copied on the way.
void NodeIndex::reserveFor(uint32_t bytes) {
  size_t expected = bytes / 4 + 64;
  nodes_.reserve(expected);
  symbols_.reserve(expected);
  subtreeEnd_.reserve(expected);
  fields_.reserve(expected);
  parent_.reserve(expected);
  function_.reserve(expected);
}

// Every index of a project is held until it is linked: a vector more than
// an eighth larger than its nodes is copied to its size.
void NodeIndex::fit() {
  auto tight = [](auto& v) {
    if (v.capacity() - v.size() > v.size() / 8) v.shrink_to_fit();
  };
  tight(nodes_);
  tight(symbols_);
  tight(subtreeEnd_);
  tight(fields_);
  tight(parent_);
  tight(function_);
}

int64_t NodeIndex::childInField(uint32_t i, TSFieldId field) const {
  for (uint32_t child = i + 1, end = subtreeEnd_[i]; child < end; child = subtreeEnd_[child])
    if (fields_[child] == field) return child;
  return -1;
}

int64_t NodeIndex::find(TSNode n) const {
  if (n.tree != tree_) return -1;
  uint32_t start = ts_node_start_byte(n);
  auto it = std::lower_bound(nodes_.begin(), nodes_.end(), start,
                             [](const Packed& p, uint32_t byte) { return p.context[0] < byte; });
  for (; it != nodes_.end() && it->context[0] == start; ++it)
    if (it->id == n.id) return it - nodes_.begin();
  return -1;
}

namespace {

// Where n is in the index this thread's walks use, or -1.
int64_t indexedAt(TSNode n) {
  if (!tIndex || isNull(n)) return -1;
  // Most questions are about the node a walk is at: no search for it.
  if (tVisited.holds(n)) return tVisited.at;
  return tIndex->find(n);
}

TSNode childInField(TSNode n, TSFieldId field) {
  int64_t at = indexedAt(n);
  if (at < 0) return ts_node_child_by_field_id(n, field);
  int64_t child = tIndex->childInField(static_cast<uint32_t>(at), field);
  if (child >= 0) return tIndex->node(static_cast<uint32_t>(child));
  // A field a child inherits from a hidden rule (`match`'s `alternative`,
  // in its aliased block) is known only to tree-sitter's field map.
  return ts_node_child_by_field_id(n, field);
}

// The node the index relates to n (its parent, its enclosing function) by
// `related`, an index or -1 for none; nullopt when n is not indexed.
std::optional<TSNode> indexedRelative(TSNode n, int64_t (NodeIndex::*related)(uint32_t) const) {
  int64_t at = indexedAt(n);
  if (at < 0) return std::nullopt;
  int64_t to = (tIndex->*related)(static_cast<uint32_t>(at));
  return to < 0 ? TSNode{} : tIndex->node(static_cast<uint32_t>(to));
}

}  // namespace

std::vector<TSNode> namedChildren(TSNode n) {
  std::vector<TSNode> out;
  if (isNull(n)) return out;
  // Indexed: the children are the nodes after n, each past the last one's
  // subtree. Else a cursor's pass over them: ts_node_named_child(n, i)
  // searches from the first child each time, quadratic in a long module.
  if (int64_t at = indexedAt(n); at >= 0) {
    auto i = static_cast<uint32_t>(at);
    for (uint32_t child = i + 1, end = tIndex->subtreeEnd(i); child < end;
         child = tIndex->subtreeEnd(child))
      if (TSNode c = tIndex->node(child); ts_node_is_named(c)) out.push_back(c);
    return out;
  }
  TSTreeCursor cursor = ts_tree_cursor_new(n);
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      TSNode child = ts_tree_cursor_current_node(&cursor);
      if (ts_node_is_named(child)) out.push_back(child);
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  ts_tree_cursor_delete(&cursor);
  return out;
}

TSNode parentOf(TSNode n) {
  if (std::optional<TSNode> up = indexedRelative(n, &NodeIndex::parent)) return *up;
  return ts_node_parent(n);
}

IndexedWalks::IndexedWalks(const NodeIndex& index) : previous_(tIndex) {
  tIndex = &index;
  tVisited = Visited{};
}

IndexedWalks::~IndexedWalks() {
  tIndex = previous_;
  tVisited = Visited{};
}

void walk(TSNode n, const std::function<bool(TSNode)>& visit) {
  if (isNull(n)) return;
  if (int64_t at = indexedAt(n); at >= 0) {
    auto i = static_cast<uint32_t>(at);
    for (uint32_t end = tIndex->subtreeEnd(i); i < end;) {
      TSNode node = tIndex->node(i);
      tVisited = Visited{node, tIndex->symbol(i), i};
      i = visit(node) ? i + 1 : tIndex->subtreeEnd(i);
    }
    return;
  }
  TSTreeCursor cursor = ts_tree_cursor_new(n);
  bool descend = visit(n);
  for (;;) {
    if (descend && ts_tree_cursor_goto_first_child(&cursor)) {
      descend = visit(ts_tree_cursor_current_node(&cursor));
      continue;
    }
    bool moved = false;
    while (!moved) {
      if (ts_tree_cursor_goto_next_sibling(&cursor)) {
        moved = true;
      } else if (!ts_tree_cursor_goto_parent(&cursor)) {
        ts_tree_cursor_delete(&cursor);
        return;
      }
    }
    descend = visit(ts_tree_cursor_current_node(&cursor));
  }
}

void walkCalls(TSNode n, const std::function<void(TSNode)>& visit) {
  if (isNull(n)) return;
  if (int64_t at = indexedAt(n); at >= 0) {
    const std::vector<uint32_t>& calls = tIndex->calls();
    auto first = static_cast<uint32_t>(at);
    uint32_t end = tIndex->subtreeEnd(first);
    for (auto i = std::lower_bound(calls.begin(), calls.end(), first); i != calls.end() && *i < end;
         ++i) {
      TSNode node = tIndex->node(*i);
      tVisited = Visited{node, tIndex->symbol(*i), *i};
      visit(node);
    }
    return;
  }
  walk(n, [&](TSNode node) {
    if (is(node, "call")) visit(node);
    return true;
  });
}

void walkTypes(TSNode n, std::initializer_list<const char*> types,
               const std::function<void(TSNode)>& visit) {
  if (isNull(n)) return;
  int64_t at = indexedAt(n);
  if (at < 0) {
    walk(n, [&](TSNode node) {
      if (std::any_of(types.begin(), types.end(), [&](const char* t) { return is(node, t); }))
        visit(node);
      return true;
    });
    return;
  }
  // Copies: the cache's slot a reference points into may be taken by another
  // name's lookup in `visit`.
  std::vector<TypeSymbols> wanted;
  for (const char* t : types) wanted.push_back(typeSymbols(ts_tree_language(n.tree), t));
  const NodeIndex* index = tIndex;
  auto first = static_cast<uint32_t>(at);
  for (uint32_t i = first, end = index->subtreeEnd(first); i < end; ++i) {
    TSSymbol symbol = index->symbol(i);
    if (std::none_of(wanted.begin(), wanted.end(),
                     [&](const TypeSymbols& w) { return w.matches(symbol); }))
      continue;
    TSNode node = index->node(i);
    tVisited = Visited{node, symbol, i};
    visit(node);
  }
}

TSNode ancestorOfType(TSNode n, std::initializer_list<const char*> types) {
  for (TSNode p = parentOf(n); !isNull(p); p = parentOf(p))
    for (const char* t : types)
      if (is(p, t)) return p;
  return TSNode{};
}

TSNode enclosingFunction(TSNode n) {
  if (std::optional<TSNode> fn = indexedRelative(n, &NodeIndex::enclosingFunction)) return *fn;
  return ancestorOfType(n, {"function_definition"});
}

bool isBlock(TSNode n) { return is(n, "block") || is(n, "module"); }

TSNode enclosingStatement(TSNode n) {
  TSNode cur = n;
  for (TSNode p = parentOf(cur); !isNull(p); cur = p, p = parentOf(p))
    if (isBlock(p)) return cur;
  return TSNode{};
}

bool asMethodCall(TSNode call, std::string_view source, MethodCall& out) {
  if (!is(call, "call")) return false;
  TSNode callee = field(call, "function");
  if (!is(callee, "attribute")) return false;
  out.call = call;
  out.receiver = field(callee, "object");
  out.method = textOf(field(callee, "attribute"), source);
  out.arguments = field(call, "arguments");
  return true;
}

TSNode keywordArgument(TSNode arguments, std::string_view name, std::string_view source) {
  if (!is(arguments, "argument_list")) return TSNode{};
  for (TSNode arg : namedChildren(arguments))
    if (is(arg, "keyword_argument") && textOf(field(arg, "name"), source) == name)
      return field(arg, "value");
  return TSNode{};
}

std::vector<TSNode> positionalArguments(TSNode arguments) {
  std::vector<TSNode> out;
  if (!is(arguments, "argument_list")) return out;
  for (TSNode arg : namedChildren(arguments)) {
    if (is(arg, "keyword_argument") || is(arg, "list_splat") || is(arg, "dictionary_splat") ||
        is(arg, "comment"))
      continue;
    out.push_back(arg);
  }
  return out;
}

bool hasSplat(TSNode arguments) {
  if (!is(arguments, "argument_list")) return false;
  for (TSNode arg : namedChildren(arguments))
    if (is(arg, "list_splat") || is(arg, "dictionary_splat")) return true;
  return false;
}

bool stringLiteral(TSNode n, std::string_view source, std::string& value) {
  if (!is(n, "string")) return false;
  value.clear();
  for (TSNode part : namedChildren(n)) {
    if (is(part, "interpolation")) return false;
    if (is(part, "string_content")) value.append(textOf(part, source));
  }
  return true;
}

}  // namespace lightfix
