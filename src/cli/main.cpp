// lightfix: finds the Lightning + DeepSpeed crashes a static pass can see,
// and rewrites the source so they don't happen.

#include <unistd.h>

#include <exception>
#include <iostream>

#include "cli/cli.h"

int main(int argc, char** argv) {
  // Whatever goes wrong inside, the user gets one line and exit 2, never an
  // abort with a core dump.
  try {
    return lightfix::runCli(
        std::vector<std::string>(argv, argv + argc),
        {std::cout, std::cerr, isatty(STDOUT_FILENO) != 0, isatty(STDERR_FILENO) != 0});
  } catch (const std::exception& e) {
    std::cerr << "lightfix: internal error: " << e.what() << "\n";
    return lightfix::kExitError;
  }
}
