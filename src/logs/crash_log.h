#pragma once
// Reads the Python errors out of a training job's log as users paste it:
// tracebacks from many ranks interleaved under `[rank0]:` / `[default3]:`
// prefixes, ANSI colours, launcher noise, chained exceptions, and logs cut
// at either end.

#include <string>
#include <string_view>
#include <vector>

namespace lightfix {

struct TracebackFrame {
  std::string path;  // as the job saw it: often another machine's absolute path
  unsigned line = 0;
  std::string function;
};

struct RaisedError {
  std::string
      type;  // `ValueError`, `lightning.fabric.utilities.exceptions.MisconfigurationException`
  std::string message;  // its lines joined by '\n'; empty when the log is cut before it
  std::vector<TracebackFrame> frames;  // outermost first, as printed
  std::vector<int> ranks;              // the ranks that printed it; -1 for unprefixed lines
  unsigned logLine = 0;                // where it starts in the log, 1-based
};

// The distinct errors of the log, in the order they first appear (an error
// printed by eight ranks is one error with eight ranks).
std::vector<RaisedError> readCrashLog(std::string_view log);

// The log's text as a terminal shows it: ANSI escape sequences removed and,
// on a line redrawn with '\r', only what was drawn last.
std::string plainLine(std::string_view line);

}  // namespace lightfix
