#pragma once
// The whole command line as a function: what `lightfix …` prints and the
// exit code it returns, on the streams given. The binary runs it on its own
// stdout and stderr; the tests run it in their process.

#include <ostream>
#include <string>
#include <vector>

#include "core/errors.h"

namespace lightfix {

struct CliIo {
  std::ostream& out;
  std::ostream& err;
  bool outIsTerminal = false;  // colour by default, as a terminal reads it
  bool errIsTerminal = false;  // a progress bar on long runs
};

// `args` as main() receives them, the program's name first. Relative paths
// are read from the current directory.
int runCli(std::vector<std::string> args, const CliIo& io);

}  // namespace lightfix
