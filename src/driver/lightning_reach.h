#pragma once
// Which Python files of a project can matter at all: a Trainer, a Fabric,
// a LightningModule or a strategy comes from Lightning's or DeepSpeed's
// packages, so only a file that imports one, or is joined to such a file
// by a chain of imports in either direction (a helper it calls, a caller
// handing it a value, a base class), can hold or inform a finding. The
// rest are never parsed, whatever words they hold: a project of another
// framework costs what reading it costs.

#include <string>
#include <vector>

#include "driver/file_slot.h"

namespace lightfix {

// Marks `unreached` every Python slot of a project whose files are joined
// by imports (FileSlot::imports, read lexically) to none importing
// Lightning or DeepSpeed, dropping its text if it was to be parsed.
// `stdinName` is the file standard input stands for.
void markUnreached(std::vector<FileSlot>& slots, const std::string& stdinName);

}  // namespace lightfix
