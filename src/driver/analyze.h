#pragma once
// match → fix for one file: runs the enabled rules over a parsed file and
// turns their findings, with the fixes proposed for them, into diagnostics.

#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "rules/rule.h"

namespace lightfix {

class FileModel;
class ProjectModel;
class SourceFile;
class SyntaxTree;

std::vector<Diagnostic> analyze(const SourceFile& file, const SyntaxTree& tree,
                                const FileModel& model, const ProjectModel& project,
                                const RuleSet& rules);

// Parses and models `file` first; a file that does not parse yields its
// syntax error alone.
std::vector<Diagnostic> analyzeText(const SourceFile& file, const ProjectModel& project,
                                    const RuleSet& rules);

Diagnostic syntaxError(const SourceFile& file, const SyntaxTree& tree);

// The findings in a project's config file (YAML), with their fixes.
std::vector<Diagnostic> analyzeConfigFile(const SourceFile& file, const RuleSet& rules,
                                          const ConfigReaders& readers);

}  // namespace lightfix
