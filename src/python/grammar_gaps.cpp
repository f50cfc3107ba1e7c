#include "python/grammar_gaps.h"

#include <cstring>

namespace lightfix {

namespace {

constexpr size_t kNone = std::string_view::npos;

bool isWordByte(char c) {
  auto u = static_cast<unsigned char>(c);
  return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '_' ||
         u >= 0x80;
}

// One past the end of the string literal whose quote is at `at` (an
// unterminated one ends with its line, or the text).
size_t stringEnd(std::string_view text, size_t at) {
  const char quote = text[at];
  const char triple[] = {quote, quote, quote, '\0'};
  const bool isTriple = text.compare(at, 3, triple) == 0;
  size_t i = at + (isTriple ? 3 : 1);
  while (i < text.size()) {
    char c = text[i];
    if (c == '\\') {
      i += 2;
    } else if (isTriple && text.compare(i, 3, triple) == 0) {
      return i + 3;
    } else if (!isTriple && c == quote) {
      return i + 1;
    } else if (!isTriple && c == '\n') {
      return i;
    } else {
      ++i;
    }
  }
  return text.size();
}

// The last token before a `*`, as far as telling a starred item goes.
struct Previous {
  size_t at = kNone;  // its last byte; kNone at the start of a statement
  std::string_view word;

  // Whether a `*` after it stars an item of an expression list: after a
  // comma, an assignment's `=`, `return`, `yield` or `in`, or first in a
  // statement (a starred target). Never a multiplication there.
  bool startsStarredItem(std::string_view text) const {
    if (at == kNone) return true;
    if (!word.empty()) return word == "return" || word == "yield" || word == "in";
    if (text[at] == ',') return true;
    return text[at] == '=' && (at == 0 || std::strchr("=!<>", text[at - 1]) == nullptr);
  }
};

// The first byte after `from` that is not a space or tab.
size_t skipBlanks(std::string_view text, size_t from) {
  while (from < text.size() && (text[from] == ' ' || text[from] == '\t')) ++from;
  return from;
}

}  // namespace

std::optional<std::string> withoutGrammarGaps(std::string_view text) {
  std::optional<std::string> out;
  int depth = 0;  // of brackets
  Previous previous;
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (c == '\'' || c == '"') {
      i = stringEnd(text, i);
      previous = Previous{i - 1, {}};
    } else if (c == '\\' && i + 1 < text.size() && text[i + 1] == '\n') {
      i += 2;  // a continued line: the same statement
    } else if (isWordByte(c)) {
      size_t start = i;
      while (i < text.size() && isWordByte(text[i])) ++i;
      previous = Previous{i - 1, text.substr(start, i - start)};
    } else if (c == '\n' || c == ';') {
      if (depth == 0) previous = Previous{};
      ++i;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
      ++i;
    } else {
      if (c == '(' || c == '[' || c == '{') ++depth;
      if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
      if (c == '*' && i + 1 < text.size() && text[i + 1] == '*') {
        ++i;  // `**`: a power or a mapping's unpacking
      } else if (c == '*' && depth == 0 && previous.startsStarredItem(text)) {
        size_t next = skipBlanks(text, i + 1);
        if (next < text.size() && (text[next] == '(' || text[next] == '[')) {
          if (!out) out = std::string(text);
          (*out)[i] = ' ';
        }
      }
      previous = Previous{i, {}};
      ++i;
    }
  }
  return out;
}

}  // namespace lightfix
