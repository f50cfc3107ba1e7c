#include "fixers/arguments.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/source_file.h"
#include "edit/insertion.h"
#include "python/node.h"

namespace lightfix {

namespace {

// The items of an argument list or dict, comments aside.
std::vector<Node> itemsOf(Node list) {
  std::vector<Node> items;
  for (Node item : namedChildren(list))
    if (!is(item, "comment")) items.push_back(item);
  return items;
}

// Where the line holding `offset` ends (its line ending's first byte).
uint32_t lineEndAt(std::string_view source, uint32_t offset) {
  size_t eol = source.find_first_of("\r\n", offset);
  return static_cast<uint32_t>(eol == std::string_view::npos ? source.size() : eol);
}

// Past what may follow an item on its line: its comma, then a comment,
// which is the item's own; stops at anything else.
uint32_t pastCommaAndComment(std::string_view source, uint32_t from) {
  size_t at = source.find_first_not_of(" \t", from);
  if (at != std::string_view::npos && source[at] == ',')
    at = source.find_first_not_of(" \t", at + 1);
  if (at != std::string_view::npos && source[at] == '#') return lineEndAt(source, at);
  return static_cast<uint32_t>(at == std::string_view::npos ? source.size() : at);
}

bool holdsComment(Node list, uint32_t from, uint32_t to) {
  for (Node item : namedChildren(list))
    if (is(item, "comment") && startOf(item) < to && from < endOf(item)) return true;
  return false;
}

}  // namespace

std::optional<clang::tooling::Replacement> removeArgument(const SourceFile& file, Node argument) {
  Node list = parentOf(argument);
  if (!is(list, "argument_list") && !is(list, "dictionary")) return std::nullopt;
  std::vector<Node> items = itemsOf(list);
  size_t at = items.size();
  for (size_t i = 0; i < items.size(); ++i)
    if (sameNode(items[i], argument)) at = i;
  if (at == items.size()) return std::nullopt;
  std::string_view source = file.text();
  uint32_t end = pastCommaAndComment(source, endOf(argument));
  // The only argument: empty the parentheses, a trailing comma and its own
  // comment included.
  uint32_t inside = startOf(list) + 1;
  uint32_t closing = endOf(list) - 1;
  if (items.size() == 1 && !holdsComment(list, inside, startOf(argument)) &&
      !holdsComment(list, std::min(end, closing), closing))
    return clang::tooling::Replacement(file.path(), inside, closing - inside, "");
  // On lines of its own: those lines go, with the comment after it.
  uint32_t lineStart = file.lineStart(file.lineOf(startOf(argument)));
  bool aloneBefore =
      source.substr(lineStart, startOf(argument) - lineStart).find_first_not_of(" \t") ==
      std::string_view::npos;
  if (aloneBefore && end < source.size() && (source[end] == '\n' || source[end] == '\r') &&
      file.lineOf(startOf(list)) < file.lineOf(startOf(argument))) {
    uint32_t to = end + (source.compare(end, 2, "\r\n") == 0 ? 2 : 1);
    return clang::tooling::Replacement(file.path(), lineStart, to - lineStart, "");
  }
  uint32_t from = startOf(argument);
  uint32_t to = endOf(argument);
  if (at + 1 < items.size()) {
    to = startOf(items[at + 1]);  // `b=1, ` up to the next argument
  } else if (at > 0) {
    from = endOf(items[at - 1]);  // `, b=1` after the previous one
  }
  // A comment in what goes may be another item's: whose it is, is unclear.
  if (holdsComment(list, from, to)) return std::nullopt;
  return clang::tooling::Replacement(file.path(), from, to - from, "");
}

std::optional<clang::tooling::Replacement> appendArgument(const SourceFile& file, Node arguments,
                                                          const std::string& text) {
  if (!is(arguments, "argument_list")) return std::nullopt;
  std::vector<Node> items = itemsOf(arguments);
  if (items.empty()) return insertAt(file, startOf(arguments) + 1, text);
  Node last = items.back();
  if (is(last, "dictionary_splat")) return std::nullopt;
  std::string_view source = file.text();
  uint32_t after = endOf(last);
  size_t comma = source.find_first_not_of(" \t", after);
  bool trailingComma = comma != std::string_view::npos && source[comma] == ',';
  unsigned open = file.lineOf(startOf(arguments));
  unsigned lastLine = file.lineOf(startOf(last));
  bool onePerLine = lastLine != open && file.lineOf(endOf(arguments)) != lastLine;
  if (!onePerLine) {
    // Comments in a one-line list: whose each is, is unclear.
    if (holdsComment(arguments, startOf(arguments), endOf(arguments))) return std::nullopt;
    return insertAt(file, after, ", " + text);
  }
  std::string line = std::string(file.eol()) + std::string(file.indentOf(lastLine)) + text;
  // After the last argument's own comment, on the next line.
  uint32_t end = pastCommaAndComment(source, after);
  bool ownComment = end > after && source.find('#', after) < end;
  if (trailingComma)
    return insertAt(file, ownComment ? end : static_cast<uint32_t>(comma) + 1, line + ",");
  if (!ownComment) return insertAt(file, after, "," + line);
  std::string kept(source.substr(after, end - after));
  return clang::tooling::Replacement(file.path(), after, end - after, "," + kept + line);
}

std::optional<clang::tooling::Replacement> replaceStringValue(const SourceFile& file, Node node,
                                                              std::string_view value) {
  std::string_view text = textOf(node, file.text());
  std::string current;
  if (!stringLiteral(node, file.text(), current)) return std::nullopt;
  size_t open = text.find_first_of("'\"");
  if (open == std::string_view::npos) return std::nullopt;
  char quote = text[open];
  size_t quotes = text.compare(open, 3, std::string(3, quote)) == 0 ? 3 : 1;
  if (text.size() < open + 2 * quotes) return std::nullopt;
  std::string replaced(text.substr(0, open + quotes));
  replaced += value;
  replaced += text.substr(text.size() - quotes);
  return replaceNode(file, node, replaced);
}

}  // namespace lightfix
