#pragma once
// match → fix for one C++ file: compiles it with clang (syntax only, from
// its text in memory) and runs the enabled C++ rules over its AST. Nothing
// is matched in a file that does not compile: its first compiler error is
// its one diagnostic, of kind SyntaxError like a Python syntax error.

#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "cxx/compile_commands.h"
#include "rules/rule.h"

namespace lightfix {

std::vector<Diagnostic> analyzeCxx(const SourceFile& file, const CxxCommand& command,
                                   const RuleSet& rules);

}  // namespace lightfix
