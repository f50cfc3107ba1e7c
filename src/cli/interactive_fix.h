#pragma once
// `lightfix fix -i`: every fix offered in turn, in file order, as a diff to
// accept or decline with one key; the file re-checked after each accepted
// fix and after an edit, and written when it is left (also before the
// editor runs and on quit).

#include <string>
#include <vector>

#include "driver/run.h"

namespace lightfix {

struct InteractiveOptions {
  bool color = false;
  bool exitZero = false;
};

// Runs the dialogue on the terminal; returns the exit code: 0 when nothing
// is left, 1 when findings are, 2 without a terminal or on an I/O error.
// `run` is filled as for `fix`; its mode is ignored and `unsafeFixes` only
// decides what `a` and `A` apply.
int runInteractiveFix(const std::vector<std::string>& paths, const RunOptions& run,
                      const InteractiveOptions& options);

}  // namespace lightfix
