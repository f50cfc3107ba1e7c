#include "driver/code_regions.h"

#include <algorithm>

namespace lightfix {

namespace {

bool identifierChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Whether the literal whose quote is at `quote` has an `f` among its prefix
// letters (`f`, `rf`, `Fr`...): at most two letters, standing alone.
bool formatted(std::string_view text, size_t quote) {
  size_t start = quote;
  while (start > 0 && quote - start < 3 && identifierChar(text[start - 1])) --start;
  if (quote - start > 2 || (start > 0 && identifierChar(text[start - 1]))) return false;
  std::string_view prefix = text.substr(start, quote - start);
  return prefix.find_first_of("fF") != std::string_view::npos;
}

}  // namespace

void forEachRegion(std::string_view text,
                   llvm::function_ref<void(Region, std::string_view)> visit) {
  const size_t n = text.size();
  size_t code = 0;  // where the current code region began
  auto endCode = [&](size_t end) {
    if (end > code) visit(Region::Code, text.substr(code, end - code));
  };
  size_t i = 0;
  while (i < n) {
    const char c = text[i];
    if (c == '#') {
      endCode(i);
      size_t eol = text.find('\n', i);
      i = code = eol == std::string_view::npos ? n : eol;
      continue;
    }
    if (c != '"' && c != '\'') {
      ++i;
      continue;
    }
    endCode(i);
    const bool triple = i + 2 < n && text[i + 1] == c && text[i + 2] == c;
    const size_t body = i + (triple ? 3 : 1);
    size_t end = body;  // the body's end
    size_t after = n;   // where code resumes
    while (end < n) {
      const char d = text[end];
      if (d == '\\') {
        end += 2;  // an escaped quote or newline, raw literals too
        continue;
      }
      if (d == c && (!triple || (end + 2 < n && text[end + 1] == c && text[end + 2] == c))) {
        after = end + (triple ? 3 : 1);
        break;
      }
      if (d == '\n' && !triple) {
        after = end;
        break;
      }
      ++end;
    }
    end = std::min(end, n);
    visit(formatted(text, i) ? Region::FString : Region::String,
          text.substr(body < n ? body : n, end > body ? end - body : 0));
    i = code = std::min(after, n);
  }
  endCode(n);
}

}  // namespace lightfix
