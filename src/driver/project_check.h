#pragma once
// The checking of one project of a run (see ProjectRoots): its files'
// slots, its configs, its model, and what they gave.

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/diagnostic.h"
#include "driver/file_outcome.h"
#include "driver/file_slot.h"
#include "model/project_model.h"

namespace lightfix {

// The files of one project (see ProjectRoots), checked together. Its slots
// exist only while it is checked (or for the run's life, to recheck), so
// that memory follows the largest project, not the number of files.
struct ProjectCheck {
  std::vector<size_t> files;  // indices in the run's files: checked and reported
  // The rest of the project of a file named on the command line: read into
  // the model, as a walk of the project would, never checked or reported.
  std::vector<std::string> context;
  std::vector<FileSlot> slots;                           // the files', then the context's
  std::vector<std::pair<size_t, FileOutcome>> outcomes;  // by file index, those with any
  // The first `checkedConfigs` are checked and reported; the rest are
  // context, as above.
  std::vector<std::string> configs;
  size_t checkedConfigs = 0;
  std::string root;  // the project's folder (ProjectRoots); empty for files under none
  std::unique_ptr<ProjectModel> model;
  std::vector<FileReport> configReports;  // they follow the source files'
  FileOutcome configOutcome;              // the configs' fix errors and diffs
};

}  // namespace lightfix
