#pragma once
// One fix shown as the diff hunks it makes (one line of context, `@@` line
// numbers), indented and coloured: in the full report and in `fix -i`.

#include <string>

#include "core/source_file.h"
#include "report/style.h"
#include "rules/finding.h"

namespace lightfix {

std::string renderFixHunk(const SourceFile& file, const Fix& fix, const Style& style);

}  // namespace lightfix
