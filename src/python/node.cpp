#include "python/node.h"

namespace lightfix {

std::string_view textOf(TSNode n, std::string_view source) {
  if (isNull(n)) return {};
  return source.substr(startOf(n), endOf(n) - startOf(n));
}

TSNode field(TSNode n, const char* name) {
  if (isNull(n)) return n;
  return ts_node_child_by_field_name(n, name, static_cast<uint32_t>(std::strlen(name)));
}

std::vector<TSNode> namedChildren(TSNode n) {
  std::vector<TSNode> out;
  if (isNull(n)) return out;
  uint32_t count = ts_node_named_child_count(n);
  out.reserve(count);
  for (uint32_t i = 0; i < count; ++i) out.push_back(ts_node_named_child(n, i));
  return out;
}

void walk(TSNode n, const std::function<bool(TSNode)>& visit) {
  if (isNull(n)) return;
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

TSNode ancestorOfType(TSNode n, std::initializer_list<const char*> types) {
  for (TSNode p = ts_node_parent(n); !isNull(p); p = ts_node_parent(p))
    for (const char* t : types)
      if (is(p, t)) return p;
  return TSNode{};
}

TSNode enclosingFunction(TSNode n) { return ancestorOfType(n, {"function_definition"}); }

bool isBlock(TSNode n) { return is(n, "block") || is(n, "module"); }

TSNode enclosingStatement(TSNode n) {
  TSNode cur = n;
  for (TSNode p = ts_node_parent(cur); !isNull(p); cur = p, p = ts_node_parent(p))
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
