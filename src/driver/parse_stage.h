#pragma once
// parse → model: the files the prefilter kept, and those they import.

#include <string>
#include <vector>

#include "driver/file_slot.h"
#include "driver/prefilter.h"
#include "driver/run.h"
#include "driver/table_store.h"
#include "driver/work_pool.h"

namespace lightfix {

// What parsing a project's files goes by: the run's options, its filter, and
// the tables of files parsed in earlier runs.
struct ParseInputs {
  const RunOptions& options;
  const Prefilter& prefilter;
  const TableStore& tables;
};

// parse → model for a Python file the prefilter kept; a C++ one waits for
// its check to compile it.
void scanSlot(FileSlot& slot, const ParseInputs& in);

// The files no trigger word made us parse but a parsed file imports (a
// LightningModule's base may sit in a file with neither), to a fixpoint.
void parseImported(std::vector<FileSlot>& slots, WorkPool& pool, const ParseInputs& in);

// The files the filter left that construct a project's Trainer or Fabric
// subclass under a name holding no word of the filter (`Runner(...)`, with
// `class Runner(Base)` and `class Base(L.Trainer)`), and what they import,
// to a fixpoint: a Trainer seen with the filter off is seen with it on.
void parseSubclassUsers(std::vector<FileSlot>& slots, WorkPool& pool, const ParseInputs& in);

// The package whose LightningCLI the project's files run, when they agree.
std::string cliPackageOf(const std::vector<FileSlot>& slots);

}  // namespace lightfix
