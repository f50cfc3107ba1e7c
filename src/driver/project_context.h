#pragma once
// A file named on the command line is checked within its project, as a walk
// of the project would check it: the Trainer or the YAML config that chooses
// DeepSpeed is often in another file (pre-commit names only the files
// staged; an editor, only its buffer).

#include <string>
#include <vector>

#include "driver/discover.h"
#include "driver/project_check.h"

namespace lightfix {

// Adds to `project` (rooted at its root) the project's other Python files
// and configs as context: found as a walk of the root finds them, less the
// files it already checks and `stdinName`, the file stdin stands for.
void addProjectContext(ProjectCheck& project, const std::vector<std::string>& checked,
                       const std::string& stdinName, const std::vector<ExcludePattern>& exclude);

}  // namespace lightfix
