#pragma once
// What goes wrong in a run, and the exit code it means: one convention for
// every layer. A problem is one line naming its file; the layer that finds
// it records it, the command line prints it as `lightfix: <line>`.

#include <string>
#include <vector>

namespace lightfix {

// The exit codes, as ruff's: nothing found, findings, the run could not do
// its job.
constexpr int kExitClean = 0;
constexpr int kExitFindings = 1;
constexpr int kExitError = 2;

// What an error of a run means for its exit code.
enum class ErrorKind {
  InvalidSource,  // not valid Python, or does not compile: also the file's one finding
  FixDropped,     // a fix whose result would not parse was left out; its finding remains
  Io,             // a path could not be read, decoded or written, or flags not found
};

struct RunError {
  ErrorKind kind;
  std::string line;  // one line, naming the file
};

// Whether the run could not do its job on some path (exit 2).
bool anyIoError(const std::vector<RunError>& errors);

}  // namespace lightfix
