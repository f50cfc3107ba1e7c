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
  std::vector<size_t> files;  // indices in the run's files
  std::vector<FileSlot> slots;
  std::vector<std::pair<size_t, FileOutcome>> outcomes;  // by file index, those with any
  std::vector<std::string> configs;
  std::string root;  // the project's folder (ProjectRoots); empty for files under none
  std::unique_ptr<ProjectModel> model;
  std::vector<FileReport> configReports;  // they follow the source files'
  FileOutcome configOutcome;              // the configs' fix errors and diffs
};

}  // namespace lightfix
