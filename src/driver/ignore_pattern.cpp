#include "driver/ignore_pattern.h"

#include <fnmatch.h>

namespace lightfix {

namespace {

std::vector<std::string_view> splitSegments(std::string_view path) {
  std::vector<std::string_view> segments;
  size_t start = 0;
  while (start <= path.size()) {
    size_t slash = path.find('/', start);
    if (slash == std::string_view::npos) slash = path.size();
    segments.push_back(path.substr(start, slash - start));
    start = slash + 1;
  }
  return segments;
}

bool globMatches(const std::string& glob, std::string_view name) {
  return fnmatch(glob.c_str(), std::string(name).c_str(), 0) == 0;
}

// Whether pattern segments [p…] match path segments [s…]: `**` stands for
// any number of segments, but at the end for at least one ("dir/**" is what
// is inside dir, not dir itself).
bool segmentsMatch(const std::vector<std::string>& pattern, size_t p,
                   const std::vector<std::string_view>& path, size_t s) {
  for (; p < pattern.size(); ++p, ++s) {
    if (pattern[p] == "**") {
      if (p + 1 == pattern.size()) return s < path.size();
      for (size_t skip = s; skip <= path.size(); ++skip)
        if (segmentsMatch(pattern, p + 1, path, skip)) return true;
      return false;
    }
    if (s == path.size() || !globMatches(pattern[p], path[s])) return false;
  }
  return s == path.size();
}

}  // namespace

std::optional<IgnorePattern> IgnorePattern::parse(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  // Trailing spaces go, unless escaped ("\ ").
  while (!line.empty() && line.back() == ' ' &&
         !(line.size() >= 2 && line[line.size() - 2] == '\\'))
    line.remove_suffix(1);
  if (line.empty() || line[0] == '#') return std::nullopt;
  IgnorePattern pattern;
  if (line[0] == '!') {
    pattern.negated_ = true;
    line.remove_prefix(1);
  }
  if (!line.empty() && line.back() == '/') {
    pattern.directoryOnly_ = true;
    line.remove_suffix(1);
  }
  // A slash at the start or in the middle anchors the pattern.
  pattern.anchored_ = line.find('/') != std::string_view::npos;
  if (!line.empty() && line[0] == '/') line.remove_prefix(1);
  if (line.empty()) return std::nullopt;
  if (pattern.anchored_) {
    for (std::string_view segment : splitSegments(line)) pattern.segments_.emplace_back(segment);
  } else {
    pattern.segments_.emplace_back(line);
  }
  return pattern;
}

bool IgnorePattern::matches(std::string_view relative, bool isDirectory) const {
  if (directoryOnly_ && !isDirectory) return false;
  if (!anchored_) {
    size_t slash = relative.rfind('/');
    return globMatches(segments_[0],
                       slash == std::string_view::npos ? relative : relative.substr(slash + 1));
  }
  return segmentsMatch(segments_, 0, splitSegments(relative), 0);
}

std::vector<IgnorePattern> parseIgnoreLines(std::string_view text) {
  std::vector<IgnorePattern> patterns;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    if (std::optional<IgnorePattern> p = IgnorePattern::parse(text.substr(start, end - start)))
      patterns.push_back(std::move(*p));
    start = end + 1;
  }
  return patterns;
}

}  // namespace lightfix
