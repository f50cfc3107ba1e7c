#include "python/node.h"

#include <algorithm>
#include <cstring>

namespace lightfix {

const void* identity(Node n) { return isNull(n) ? nullptr : &n.table->entry(n.at); }

std::string_view textOf(Node n, std::string_view source) {
  if (isNull(n)) return {};
  return source.substr(startOf(n), endOf(n) - startOf(n));
}

namespace {

// Calls visit(c) with the place of each child of the node at `i`, in order,
// until it returns false: each child's subtree is skipped to reach the next.
template <typename Visit>
void eachChild(const NodeTable& table, uint32_t i, Visit visit) {
  for (uint32_t c = i + 1, end = table.entry(i).subtreeEnd; c < end; c = table.entry(c).subtreeEnd)
    if (!visit(c)) return;
}

bool isNamedAt(const NodeTable& table, uint32_t i) {
  return (table.entry(i).flags & NodeTable::kNamed) != 0;
}

// The first child of the node at `i` in `field`, or -1.
int64_t childInField(const NodeTable& table, uint32_t i, TSFieldId field) {
  int64_t found = -1;
  eachChild(table, i, [&](uint32_t c) {
    if (table.entry(c).field == field) found = c;
    return found < 0;
  });
  return found;
}

// The `i`th child of n (only named ones counted, when `namedOnly`), or null.
Node nthChild(Node n, uint32_t i, bool namedOnly) {
  if (isNull(n)) return Node{};
  Node out{};
  eachChild(*n.table, n.at, [&](uint32_t c) {
    if (namedOnly && !isNamedAt(*n.table, c)) return true;
    if (i-- == 0) out = n.table->node(c);
    return isNull(out);
  });
  return out;
}

// How many children n has (only named ones, when `namedOnly`).
uint32_t countChildren(Node n, bool namedOnly) {
  if (isNull(n)) return 0;
  uint32_t count = 0;
  eachChild(*n.table, n.at, [&](uint32_t c) {
    if (!namedOnly || isNamedAt(*n.table, c)) ++count;
    return true;
  });
  return count;
}

// The slot of a name literal in a direct-mapped cache of 2^kBits slots: its
// address spread by a Fibonacci hash, since the literals lie side by side
// and a few hundred are asked for.
template <unsigned kBits>
size_t literalSlot(const char* literal) {
  uint64_t address = reinterpret_cast<uintptr_t>(literal);
  return static_cast<size_t>((address * 0x9E3779B97F4A7C15ull) >> (64 - kBits));
}

// n's children (only named ones, when `namedOnly`).
std::vector<Node> childrenOf(Node n, bool namedOnly) {
  std::vector<Node> out;
  if (isNull(n)) return out;
  eachChild(*n.table, n.at, [&](uint32_t c) {
    if (!namedOnly || isNamedAt(*n.table, c)) out.push_back(n.table->node(c));
    return true;
  });
  return out;
}

}  // namespace

Node field(Node n, const char* name) {
  if (isNull(n)) return n;
  // tree-sitter finds a field's id by comparing its name with every field's;
  // the names here are literals, so each is looked up once per thread,
  // direct-mapped by its address (literalSlot).
  struct Known {
    const TSLanguage* language = nullptr;
    const char* name = nullptr;
    TSFieldId id = 0;
  };
  constexpr unsigned kSlotBits = 8;
  thread_local Known cache[size_t{1} << kSlotBits];
  Known& known = cache[literalSlot<kSlotBits>(name)];
  if (known.name != name || known.language != n.table->language()) {
    auto length = static_cast<uint32_t>(std::strlen(name));
    known = {n.table->language(), name,
             ts_language_field_id_for_name(n.table->language(), name, length)};
  }
  TSFieldId id = known.id;
  if (id == 0) return Node{};
  int64_t at = childInField(*n.table, n.at, id);
  return at < 0 ? Node{} : n.table->node(static_cast<uint32_t>(at));
}

std::vector<Node> conditionalBranches(Node conditional) {
  std::vector<Node> parts;
  for (Node part : namedChildren(conditional))
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
  // A collision costs a lookup by name, which a walk must not pay per node.
  constexpr unsigned kSlotBits = 10;
  thread_local Entry cache[size_t{1} << kSlotBits];
  Entry& e = cache[literalSlot<kSlotBits>(type)];
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

const char* typeName(Node n) {
  if (isNull(n)) return "";
  return ts_language_symbol_name(n.table->language(), symbolOf(n));
}

NodeTable::NodeTable(const TSTree* tree) {
  TSNode root = ts_tree_root_node(tree);
  language_ = ts_tree_language(tree);
  // A copy: the cache's slot a reference points into may be taken by another
  // name's lookup.
  const TypeSymbols function = typeSymbols(language_, "function_definition");
  // Built in this thread's scratch vector, whose pages are already mapped,
  // then copied at its size: every table of a project is held until it is
  // linked, and growing each in fresh memory faulted its pages in twice.
  thread_local std::vector<Entry> scratch;
  scratch.clear();
  // Pre-order with a cursor, closing each subtree as the cursor leaves it.
  std::vector<uint32_t> open;
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(&cursor);
    int32_t parent = open.empty() ? -1 : static_cast<int32_t>(open.back());
    auto at = static_cast<uint32_t>(scratch.size());
    TSSymbol symbol = ts_node_symbol(n);
    Entry e{};
    e.start = ts_node_start_byte(n);
    e.end = ts_node_end_byte(n);
    e.parent = parent;
    e.function = -1;
    if (parent >= 0) {
      const Entry& up = scratch[static_cast<size_t>(parent)];
      e.function = function.matches(up.symbol) ? parent : up.function;
    }
    e.symbol = symbol;
    // The Python grammar has 32 fields: one byte holds any of them.
    e.field = static_cast<uint8_t>(ts_tree_cursor_current_field_id(&cursor));
    e.flags = static_cast<uint8_t>((ts_node_is_named(n) ? kNamed : 0) |
                                   (ts_node_is_missing(n) ? kMissing : 0) |
                                   (ts_node_has_error(n) ? kHasError : 0));
    scratch.push_back(e);
    open.push_back(at);
    if (ts_tree_cursor_goto_first_child(&cursor)) continue;
    for (;;) {
      scratch[open.back()].subtreeEnd = static_cast<uint32_t>(scratch.size());
      open.pop_back();
      if (ts_tree_cursor_goto_next_sibling(&cursor)) break;
      if (!ts_tree_cursor_goto_parent(&cursor)) {
        ts_tree_cursor_delete(&cursor);
        auto entries = std::make_shared<std::vector<Entry>>(scratch.begin(), scratch.end());
        entries_ = entries->data();
        count_ = static_cast<uint32_t>(entries->size());
        storage_ = std::move(entries);
        // An outsized file's scratch is not kept for the rest of the run.
        constexpr size_t kKeptScratch = size_t{1} << 17;  // 3 MB of entries
        if (scratch.capacity() > kKeptScratch) std::vector<Entry>().swap(scratch);
        indexEntries();
        return;
      }
    }
  }
}

void NodeTable::indexEntries() {
  // Copies: the cache's slot a reference points into may be taken by another
  // name's lookup.
  const TypeSymbols call = typeSymbols(language_, "call");
  const TypeSymbols definesClass = typeSymbols(language_, "class_definition");
  for (uint32_t i = 0; i < count_; ++i) {
    if (call.matches(entries_[i].symbol)) calls_.push_back(i);
    if (definesClass.matches(entries_[i].symbol)) classes_.push_back(i);
  }
}

std::vector<Node> namedChildren(Node n) { return childrenOf(n, true); }
std::vector<Node> children(Node n) { return childrenOf(n, false); }
uint32_t childCount(Node n) { return countChildren(n, false); }
Node child(Node n, uint32_t i) { return nthChild(n, i, false); }
uint32_t namedChildCount(Node n) { return countChildren(n, true); }
Node namedChild(Node n, uint32_t i) { return nthChild(n, i, true); }

Node descendantForRange(Node root, uint32_t start, uint32_t end) {
  if (isNull(root)) return root;
  const NodeTable& t = *root.table;
  Node found = root;
  // Down the first child that spans the range and reaches past its start,
  // as tree-sitter descends.
  for (bool descended = true; descended;) {
    descended = false;
    eachChild(t, found.at, [&](uint32_t c) {
      const NodeTable::Entry& e = t.entry(c);
      if (e.end < end || e.end <= start) return true;
      if (start >= e.start) {
        found = t.node(c);
        descended = true;
      }
      return false;
    });
  }
  return found;
}

Node parentOf(Node n) {
  if (isNull(n) || entryOf(n).parent < 0) return Node{};
  return n.table->node(static_cast<uint32_t>(entryOf(n).parent));
}

Node previousNamedSibling(Node n) {
  Node parent = parentOf(n);
  if (isNull(parent)) return Node{};
  const NodeTable& t = *n.table;
  Node previous{};
  eachChild(t, parent.at, [&](uint32_t c) {
    if (c >= n.at) return false;
    if (isNamedAt(t, c)) previous = t.node(c);
    return true;
  });
  return previous;
}

void walk(Node n, const std::function<bool(Node)>& visit) {
  if (isNull(n)) return;
  const NodeTable& t = *n.table;
  for (uint32_t i = n.at, end = t.entry(n.at).subtreeEnd; i < end;)
    i = visit(t.node(i)) ? i + 1 : t.entry(i).subtreeEnd;
}

void walkCalls(Node n, const std::function<void(Node)>& visit) {
  if (isNull(n)) return;
  const NodeTable& t = *n.table;
  const std::vector<uint32_t>& calls = t.calls();
  uint32_t end = t.entry(n.at).subtreeEnd;
  for (auto i = std::lower_bound(calls.begin(), calls.end(), n.at); i != calls.end() && *i < end;
       ++i)
    visit(t.node(*i));
}

void walkTypes(Node n, std::initializer_list<const char*> types,
               const std::function<void(Node)>& visit) {
  if (isNull(n)) return;
  const NodeTable& t = *n.table;
  // Copies: the cache's slot a reference points into may be taken by another
  // name's lookup in `visit`.
  std::vector<TypeSymbols> wanted;
  for (const char* type : types) wanted.push_back(typeSymbols(t.language(), type));
  for (uint32_t i = n.at, end = t.entry(n.at).subtreeEnd; i < end; ++i) {
    TSSymbol symbol = t.entry(i).symbol;
    if (std::any_of(wanted.begin(), wanted.end(),
                    [&](const TypeSymbols& w) { return w.matches(symbol); }))
      visit(t.node(i));
  }
}

Node ancestorOfType(Node n, std::initializer_list<const char*> types) {
  for (Node p = parentOf(n); !isNull(p); p = parentOf(p))
    for (const char* t : types)
      if (is(p, t)) return p;
  return Node{};
}

Node enclosingFunction(Node n) {
  if (isNull(n) || entryOf(n).function < 0) return Node{};
  return n.table->node(static_cast<uint32_t>(entryOf(n).function));
}

bool isBlock(Node n) { return is(n, "block") || is(n, "module"); }

std::vector<Node> methodsDefinedIn(Node cls) {
  std::vector<Node> methods;
  for (Node item : namedChildren(field(cls, "body"))) {
    Node def = is(item, "decorated_definition") ? field(item, "definition") : item;
    if (is(def, "function_definition")) methods.push_back(def);
  }
  return methods;
}

Node methodDefinedIn(Node cls, std::string_view name, std::string_view source) {
  for (Node def : methodsDefinedIn(cls))
    if (textOf(field(def, "name"), source) == name) return def;
  return Node{};
}

Node enclosingStatement(Node n) {
  Node cur = n;
  for (Node p = parentOf(cur); !isNull(p); cur = p, p = parentOf(p))
    if (isBlock(p)) return cur;
  return Node{};
}

bool isSelfAttribute(Node n, std::string_view source) {
  return is(n, "attribute") && textOf(field(n, "object"), source) == "self";
}

bool asAttributeRead(Node expr, std::string_view source, AttributeRead& out) {
  if (is(expr, "attribute")) {
    out = {field(expr, "object"), std::string(textOf(field(expr, "attribute"), source)), Node{}};
    return true;
  }
  if (!is(expr, "call") || textOf(field(expr, "function"), source) != "getattr") return false;
  Node arguments = field(expr, "arguments");
  std::vector<Node> args = positionalArguments(arguments);
  if (args.size() < 2 || args.size() > 3 || namedChildCount(arguments) != args.size()) return false;
  AttributeRead read{args[0], {}, args.size() == 3 ? args[2] : Node{}};
  if (!stringLiteral(args[1], source, read.name)) return false;
  out = std::move(read);
  return true;
}

bool asMethodCall(Node call, std::string_view source, MethodCall& out) {
  if (!is(call, "call")) return false;
  Node callee = field(call, "function");
  if (!is(callee, "attribute")) return false;
  out.call = call;
  out.receiver = field(callee, "object");
  out.method = textOf(field(callee, "attribute"), source);
  out.arguments = field(call, "arguments");
  return true;
}

Node keywordArgument(Node arguments, std::string_view name, std::string_view source) {
  if (!is(arguments, "argument_list")) return Node{};
  for (Node arg : namedChildren(arguments))
    if (is(arg, "keyword_argument") && textOf(field(arg, "name"), source) == name)
      return field(arg, "value");
  return Node{};
}

std::vector<Node> positionalArguments(Node arguments) {
  std::vector<Node> out;
  if (!is(arguments, "argument_list")) return out;
  for (Node arg : namedChildren(arguments)) {
    if (is(arg, "keyword_argument") || is(arg, "list_splat") || is(arg, "dictionary_splat") ||
        is(arg, "comment"))
      continue;
    out.push_back(arg);
  }
  return out;
}

bool hasSplat(Node arguments) {
  if (!is(arguments, "argument_list")) return false;
  for (Node arg : namedChildren(arguments))
    if (is(arg, "list_splat") || is(arg, "dictionary_splat")) return true;
  return false;
}

bool stringLiteral(Node n, std::string_view source, std::string& value) {
  if (!is(n, "string")) return false;
  value.clear();
  for (Node part : namedChildren(n)) {
    if (is(part, "interpolation")) return false;
    if (is(part, "string_content")) value.append(textOf(part, source));
  }
  return true;
}

}  // namespace lightfix
