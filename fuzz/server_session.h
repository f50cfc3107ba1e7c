#pragma once
// An editor's session with `lightfix server`, driven by bytes: a buffer of a
// DeepSpeed project opened, then edited at any positions in the encoding the
// bytes pick, checked, and asked for code actions, hovers and (from a client
// that pulls them) diagnostics. The fuzzer
// (server_session_fuzzer.cpp) and the test of the edit path
// (tests/server_session_test.cpp) both run it. It aborts when the server
// breaks a promise: a request answered other than once, a diagnostic or an
// edit outside the buffer, or a quick fix or fix-all that makes a buffer
// which parsed stop parsing.

#include <cstddef>
#include <string>
#include <string_view>

namespace lightfix {

// The project a session's buffer belongs to, which the server's tests use
// too: train.py makes model.py's module run DeepSpeed (its training_step
// returns no loss: LF003); loop.py backs up before any set-up (LF001), after
// a character UTF-16 counts twice.
extern const char* const kSessionTrain;
extern const char* const kSessionModel;
extern const char* const kSessionLoop;

struct SessionOutcome {
  size_t edits = 0;        // changes sent
  size_t checks = 0;       // checks run
  size_t diagnostics = 0;  // published for the buffer, over all checks
  size_t actions = 0;      // code actions offered
  size_t applied = 0;      // of them, applied to the buffer
  std::string text;        // the buffer at the end
};

// Writes the project into `folder` (once per folder) and plays the session.
SessionOutcome runServerSession(std::string_view bytes, const std::string& folder);

}  // namespace lightfix
