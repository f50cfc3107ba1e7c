// The server's edit path, played as the fuzzer plays it (fuzz/server_session.h):
// sessions of edits at any positions, checks, code actions applied and hovers,
// in UTF-8 and UTF-16, by clients that pull diagnostics or are pushed them,
// each of which aborts on a broken promise of the server.
// The sessions come from a fixed seed, so their totals are exact.

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "python/syntax_tree.h"
#include "server_session.h"
#include "test_support.h"

namespace lightfix {
namespace {

TEST(ServerSession, RandomSessionsKeepTheServersPromises) {
  const std::string folder = testing::freshTempDir().string();
  std::mt19937 random(20261206);
  SessionOutcome total;
  size_t parsedAtEnd = 0;
  constexpr int kSessions = 80;
  for (int session = 0; session < kSessions; ++session) {
    std::string bytes(160, '\0');
    for (char& b : bytes) b = static_cast<char>(random() & 0xff);
    SessionOutcome o = runServerSession(bytes, folder);
    total.edits += o.edits;
    total.checks += o.checks;
    total.diagnostics += o.diagnostics;
    total.actions += o.actions;
    total.applied += o.applied;
    parsedAtEnd += SyntaxTree::parses(o.text) ? 1 : 0;
  }
  // Every kind of step ran, and code actions were applied to the buffers.
  EXPECT_EQ(total.edits, 1169u);
  EXPECT_EQ(total.checks, 573u);
  EXPECT_EQ(total.diagnostics, 210u);
  EXPECT_EQ(total.actions, 50u);
  EXPECT_EQ(total.applied, 19u);
  EXPECT_EQ(parsedAtEnd, 26u);
}

}  // namespace
}  // namespace lightfix
