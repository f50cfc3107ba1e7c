#pragma once
// One discovered file as it goes through the run's stages: read → judged by
// the prefilter → parsed and modelled → checked. What it gave is its
// outcome, all that is kept of it once its project is done.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/notebook.h"
#include "core/source_file.h"
#include "cxx/compile_commands.h"
#include "driver/file_outcome.h"
#include "driver/import_scan.h"
#include "model/file_model.h"
#include "python/syntax_tree.h"

namespace lightfix {

// How far a file has come: read → judged by the prefilter → parsed.
enum class SlotStage {
  Unread,      // not read (yet), or a C++ file no command compiles (never)
  TooLarge,    // above max-file-size: never read
  ReadFailed,  // could not be read: the project is not cached
  Read,        // its text is held, not yet judged
  ToParse,     // judged relevant: its text is held until parsed (or compiled)
  Dropped,     // judged irrelevant, or bytes Python refuses: its text let go
  Parsed,      // parsed (a C++ file: handed to its check)
};

struct FileSlot {
  std::string path;
  std::shared_ptr<const SourceFile> file;  // null until parsed
  // A notebook's cells, read: `text` and `file` hold its code as Python.
  std::shared_ptr<const Notebook> notebook;
  SyntaxTree tree;
  std::unique_ptr<FileModel> model;  // null if unparsed or invalid syntax
  bool matchable = false;            // holds a rule's trigger word
  bool context = false;              // informs the model only (ProjectCheck::context)
  uint64_t words = 0;                // which words it holds (Prefilter::words), once read
  // The modules it may import (lexicalImports), read with the filter on
  // until the project's files are judged by them.
  std::vector<LexicalImport> imports;
  // No chain of imports joins it to a file importing Lightning or
  // DeepSpeed: it is never parsed (lightning_reach.h).
  bool unreached = false;
  // A C++ file is compiled, with this command, only when it may match.
  bool cxx = false;
  std::optional<CxxCommand> command;  // none: in no compilation database
  FileOutcome outcome;                // what checking it gave
  // Read ahead of parsing, so that the result cache sees every file of the
  // project before any is parsed.
  SlotStage stage = SlotStage::Unread;
  std::string text;   // while `holdsText()`
  uint64_t hash = 0;  // of its bytes (the size, when too large), with a cache

  bool holdsText() const { return stage == SlotStage::Read || stage == SlotStage::ToParse; }

  // A C++ file no compilation command names: never read, compiled or
  // checked, so its bytes cannot change what the run reports.
  bool uncompiled() const { return cxx && !command; }
};

}  // namespace lightfix
