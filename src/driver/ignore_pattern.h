#pragma once
// One line of a .gitignore, with git's meaning (gitignore(5)): `#` comments,
// `!` negations, `dir/` for directories only, a pattern with a slash
// anchored at its file's folder and one without matched against the name at
// any depth, `*`, `?` and `[…]` within one path segment and `**` across
// segments. The exclude lists of a config and the ignore files of git share it.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lightfix {

class IgnorePattern {
 public:
  // The pattern on `line`, or nothing for a blank line or a comment.
  static std::optional<IgnorePattern> parse(std::string_view line);

  // Whether `relative`, a '/'-separated path below the pattern's folder,
  // matches it.
  bool matches(std::string_view relative, bool isDirectory) const;
  bool negated() const { return negated_; }

 private:
  std::vector<std::string> segments_;  // one if not anchored: the name's glob
  bool negated_ = false;
  bool directoryOnly_ = false;
  bool anchored_ = false;
};

// Every pattern of an ignore file's text, in order.
std::vector<IgnorePattern> parseIgnoreLines(std::string_view text);

}  // namespace lightfix
