#pragma once
// `lightfix explain --log LOG` and `lightfix fix --from-log LOG`: from a
// crashed job's log to the rule, the place in the code and the fix.

#include <ostream>
#include <string>
#include <vector>

#include "driver/run.h"
#include "report/render.h"

namespace lightfix {

struct LogCommand {
  std::string logPath;
  std::vector<std::string> paths;  // the project the job ran
  RunOptions run;                  // how to check it (Mode::Check)
  RenderOptions render;
  bool apply = false;  // fix --from-log: apply the fix, nothing else
};

// Exit code: 0 when the log's error is one lightfix has a rule for (and,
// when applying, its fix was applied), 1 when it is not or no fix could be
// applied, 2 when the log cannot be read.
int runLogCommand(const LogCommand& command, std::ostream& out, std::ostream& err);

}  // namespace lightfix
