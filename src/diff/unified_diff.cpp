#include "diff/unified_diff.h"

#include <fmt/format.h>
#include <dtl/dtl.hpp>

#include <vector>

namespace lightfix {

namespace {

// Lines keep their terminators, so CRLF and a missing final newline survive.
std::vector<std::string> splitLines(std::string_view text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
    lines.emplace_back(text.substr(start, end - start));
    start = end;
  }
  return lines;
}

struct Line {
  char kind;  // ' ', '-', '+'
  const std::string* text;
  long before;  // 1-based line in `before`, or 0
  long after;   // 1-based line in `after`, or 0
};

void emit(std::string& out, const Line& line) {
  out += line.kind;
  out += *line.text;
  if (line.text->empty() || line.text->back() != '\n') out += "\n\\ No newline at end of file\n";
}

// `@@ -start,count +start,count @@`, as diff(1) numbers an empty side.
std::string range(long first, long count) {
  if (count == 0) return fmt::format("{},0", first - 1 < 0 ? 0 : first - 1);
  if (count == 1) return fmt::format("{}", first);
  return fmt::format("{},{}", first, count);
}

}  // namespace

std::string unifiedHunks(std::string_view before, std::string_view after, unsigned context) {
  std::vector<std::string> a = splitLines(before);
  std::vector<std::string> b = splitLines(after);
  dtl::Diff<std::string, std::vector<std::string>> diff(a, b);
  diff.compose();

  // Within each run of changes, removed lines come before added ones, as
  // diff(1) prints them.
  std::vector<Line> lines;
  std::vector<Line> added;
  for (const auto& [text, info] : diff.getSes().getSequence()) {
    (void)text;
    switch (info.type) {
      case dtl::SES_COMMON:
        lines.insert(lines.end(), added.begin(), added.end());
        added.clear();
        lines.push_back({' ', &a[info.beforeIdx - 1], info.beforeIdx, info.afterIdx});
        break;
      case dtl::SES_DELETE:
        lines.push_back({'-', &a[info.beforeIdx - 1], info.beforeIdx, 0});
        break;
      case dtl::SES_ADD:
        added.push_back({'+', &b[info.afterIdx - 1], 0, info.afterIdx});
        break;
    }
  }
  lines.insert(lines.end(), added.begin(), added.end());

  std::string out;
  size_t i = 0;
  const long ctx = static_cast<long>(context);
  while (i < lines.size()) {
    if (lines[i].kind == ' ') {
      ++i;
      continue;
    }
    // A hunk: `context` lines before the change, and changes closer than
    // twice the context joined.
    size_t start = i >= context ? i - context : 0;
    size_t end = i;
    for (size_t j = i; j < lines.size(); ++j) {
      if (lines[j].kind != ' ')
        end = j;
      else if (static_cast<long>(j - end) > 2 * ctx)
        break;
    }
    size_t stop = std::min(lines.size(), end + 1 + context);
    long firstBefore = 0, firstAfter = 0, countBefore = 0, countAfter = 0;
    // Line numbers where the hunk starts on each side.
    long nextBefore = 1, nextAfter = 1;
    for (size_t j = 0; j < start; ++j) {
      if (lines[j].kind != '+') ++nextBefore;
      if (lines[j].kind != '-') ++nextAfter;
    }
    firstBefore = nextBefore;
    firstAfter = nextAfter;
    for (size_t j = start; j < stop; ++j) {
      if (lines[j].kind != '+') ++countBefore;
      if (lines[j].kind != '-') ++countAfter;
    }
    out += fmt::format("@@ -{} +{} @@\n", range(firstBefore, countBefore),
                       range(firstAfter, countAfter));
    for (size_t j = start; j < stop; ++j) emit(out, lines[j]);
    i = stop;
  }
  return out;
}

std::string unifiedDiff(const std::string& path, std::string_view before, std::string_view after,
                        unsigned context) {
  if (before == after) return {};
  std::string hunks = unifiedHunks(before, after, context);
  // `a//tmp/x.py` is refused by git apply; `a/tmp/x.py` applies with -p1 from /.
  std::string_view shown = path;
  while (!shown.empty() && shown.front() == '/') shown.remove_prefix(1);
  return fmt::format("--- a/{0}\n+++ b/{0}\n{1}", shown, hunks);
}

}  // namespace lightfix
