#pragma once
// `lightfix server`'s process: messages read from `in` on a thread of their
// own, handled in order, and a check run whenever the client pauses.

#include <istream>
#include <ostream>

namespace lightfix {

// Serves until `exit` (or the end of `in`); the exit code the protocol
// asks for: 0 after `shutdown` then `exit`, else 1. A broken stream is
// said on `err`.
int runServer(std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace lightfix
