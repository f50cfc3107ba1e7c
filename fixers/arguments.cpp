#include "fixers/arguments.h"

#include <string>
#include <vector>

#include "core/source_file.h"
#include "edit/insertion.h"
#include "python/node.h"

namespace lightfix {

std::optional<clang::tooling::Replacement> removeArgument(const SourceFile& file, TSNode argument) {
  TSNode list = parentOf(argument);
  if (!is(list, "argument_list") && !is(list, "dictionary")) return std::nullopt;
  std::vector<TSNode> items = namedChildren(list);
  size_t at = items.size();
  for (size_t i = 0; i < items.size(); ++i) {
    if (is(items[i], "comment")) return std::nullopt;  // whose comment it is, is unclear
    if (sameNode(items[i], argument)) at = i;
  }
  if (at == items.size()) return std::nullopt;
  uint32_t from = startOf(argument);
  uint32_t to = endOf(argument);
  if (at + 1 < items.size()) {
    to = startOf(items[at + 1]);  // `b=1, ` up to the next argument
  } else if (at > 0) {
    from = endOf(items[at - 1]);  // `, b=1` after the previous one
  } else {
    // The only argument: empty the parentheses, a trailing comma included.
    from = startOf(list) + 1;
    to = endOf(list) - 1;
  }
  return clang::tooling::Replacement(file.path(), from, to - from, "");
}

std::optional<clang::tooling::Replacement> appendArgument(const SourceFile& file, TSNode arguments,
                                                          const std::string& text) {
  if (!is(arguments, "argument_list")) return std::nullopt;
  std::vector<TSNode> items = namedChildren(arguments);
  if (items.empty()) return insertAt(file, startOf(arguments) + 1, text);
  TSNode last = items.back();
  if (is(last, "comment") || is(last, "dictionary_splat")) return std::nullopt;
  for (TSNode item : items)
    if (is(item, "comment")) return std::nullopt;
  std::string_view source = file.text();
  uint32_t after = endOf(last);
  size_t comma = source.find_first_not_of(" \t", after);
  bool trailingComma = comma != std::string_view::npos && source[comma] == ',';
  unsigned open = file.lineOf(startOf(arguments));
  unsigned lastLine = file.lineOf(startOf(last));
  bool onePerLine = lastLine != open && file.lineOf(endOf(arguments)) != lastLine;
  if (!onePerLine) return insertAt(file, after, ", " + text);
  std::string line = std::string(file.eol()) + std::string(file.indentOf(lastLine)) + text;
  if (trailingComma) return insertAt(file, static_cast<uint32_t>(comma) + 1, line + ",");
  return insertAt(file, after, "," + line);
}

std::optional<clang::tooling::Replacement> replaceStringValue(const SourceFile& file, TSNode node,
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
