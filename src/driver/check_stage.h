#pragma once
// match → fix → resolve → apply | diff: a parsed file's findings, in fix and
// diff modes its fixes applied (edit/apply_fixes.h) and written or shown.

#include <memory>
#include <string>

#include "core/source_file.h"
#include "driver/file_slot.h"
#include "driver/prefilter.h"
#include "driver/project_check.h"
#include "driver/run.h"
#include "model/config_files.h"
#include "model/project_model.h"

namespace lightfix {

// The run's rules less those per-file-ignores turns off for this file.
RuleSet rulesFor(const std::string& path, const RunOptions& options);

// For one parsed (or, C++, read) file: its outcome.
void checkSlot(FileSlot& slot, const ProjectModel& project, const Prefilter& prefilter,
               const RunOptions& options, RunResult& result);

// A YAML config's findings; in fix and diff modes its fixes, applied as a
// source file's are, a fixed config still parsing as YAML.
void checkConfig(const std::shared_ptr<SourceFile>& file, const ConfigReaders& readers,
                 const RunOptions& options, RunResult& result, ProjectCheck& project);

}  // namespace lightfix
