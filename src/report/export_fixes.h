#pragma once
// --export-fixes: the fixes in clang's YAML format (a TranslationUnitDiagnostics,
// written by clang's own serialisation), for clang-apply-replacements.

#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace lightfix {

// The fixes `fix` would apply in its first round (`wanted` ones, disjoint),
// as one YAML document.
std::string exportFixes(const std::vector<FileReport>& reports, bool unsafeFixes);

}  // namespace lightfix
