#pragma once
// read → prefilter: a file's bytes, and whether it is worth parsing.

#include <string>

#include "driver/file_slot.h"
#include "driver/prefilter.h"
#include "driver/run.h"

namespace lightfix {

// Reads a file whole (`-`: standard input, or options.stdinText), or takes
// its buffer from options.buffers; false with a one-line error naming it if
// it cannot be read.
bool readSource(const std::string& path, const RunOptions& options, std::string& text,
                std::string& error);

// Reads a file's bytes (hashed for the result cache when `hash`), unless it
// is too large to check or a C++ file that will not be compiled.
void readSlot(FileSlot& slot, const RunOptions& options, bool hash, RunResult& result);

// prefilter for a read file: its text is kept only if it is to be parsed
// (or compiled).
void classifySlot(FileSlot& slot, const Prefilter& prefilter);

}  // namespace lightfix
