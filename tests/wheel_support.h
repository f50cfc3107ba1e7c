#pragma once
// The wheel of the binary under test, made by scripts/wheel as a release
// makes it.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli_support.h"

namespace {

inline fs::path sourceTree() { return fs::path(LIGHTFIX_TESTDATA).parent_path(); }

// Builds the wheel into `dist` and returns its path (empty, with a failure
// recorded, if scripts/wheel failed).
inline fs::path buildWheel(const fs::path& dist) {
  Result r = shell("'" + (sourceTree() / "scripts" / "wheel").string() +
                   "' '" LIGHTFIX_BINARY "' '" + dist.string() + "'");
  EXPECT_EQ(r.exit, 0) << r.out;
  if (r.exit != 0) return {};
  return r.out.substr(0, r.out.find('\n'));
}

}  // namespace
