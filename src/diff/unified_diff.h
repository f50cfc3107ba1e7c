#pragma once
// Unified diffs (`--- a/path`, `+++ b/path`, 3 lines of context) that
// `git apply` and `patch -p1` accept, computed with dtl.

#include <string>
#include <string_view>

namespace lightfix {

// The diff turning `before` into `after`; empty when they are equal.
std::string unifiedDiff(const std::string& path, std::string_view before, std::string_view after,
                        unsigned context = 3);

// Only the hunks, with no file header (for showing one fix).
std::string unifiedHunks(std::string_view before, std::string_view after, unsigned context = 3);

}  // namespace lightfix
