#pragma once
// A rule: its spec (code, slug, the Lightning error it prevents), a matcher,
// an optional fixer and a doc page. Every rule is one line in rules.def.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/finding.h"

namespace lightfix {

class SourceFile;
class SyntaxTree;
class FileModel;
class ProjectModel;
class ProjectIndex;
struct CxxContext;  // cxx/cxx_context.h: a C++ translation unit's AST

struct RuleSpec;

// Everything a matcher or fixer may read about the file at hand, and the
// rule it runs for (whose code and text its findings carry).
struct FileContext {
  const RuleSpec& rule;
  const SourceFile& file;
  const SyntaxTree& tree;
  const FileModel& model;
  const ProjectModel& project;
};

using Matcher = void (*)(const FileContext&, std::vector<Finding>&);
using Fixer = std::optional<Fix> (*)(const FileContext&, const Finding&);
// A project's YAML config file, and what the project's Python tells of
// who reads it.
// Which package builds a config's objects, as far as its project tells.
struct ConfigReaders {
  // The package whose `LightningCLI` the project runs (`lightning.pytorch`,
  // `pytorch_lightning`) when all its uses agree; else empty.
  std::string cliPackage;
  // For a config of a Hydra `trainer/` group: the package whose Trainer the
  // group's `_target_`s name, when they agree; else empty.
  std::string hydraPackage;
  // The project's other files (its DeepSpeed JSON configs); null alone.
  const ProjectIndex* index = nullptr;
  // A migration (`--target-strategy deepspeed`): every Trainer section is
  // judged as running DeepSpeed, but one pinned to the CPU, unless LF018
  // was selected by name (as ModelOptions says for Python).
  bool targetDeepSpeed = false;
  bool migrateCpuPinned = false;
};
struct ConfigContext {
  const RuleSpec& rule;
  const std::string& path;
  const std::string& text;
  ConfigReaders readers;
};
using ConfigMatcher = std::vector<Finding> (*)(const ConfigContext&);
// Over a C++ translation unit, through clang's AST (rules LT…).
using CxxMatcher = void (*)(const CxxContext&, std::vector<Finding>&);
using CxxFixer = std::optional<Fix> (*)(const CxxContext&, const Finding&);

// What a rule is, apart from its code: written once, in the rule's matcher
// file (matchers/<slug>.cpp), and declared for everyone in rule_specs.h.
struct RuleSpec {
  std::string_view code;
  std::string_view slug;
  std::string_view summary;  // one line, for `lightfix rules`
  // The exact text Lightning (or libtorch, for a C++ rule) raises; none when
  // the fault raises nothing.
  std::optional<std::string_view> raises;
  std::vector<std::string_view> triggers;  // words without which it cannot fire
  // What a finding quotes of `raises`, when not all of it.
  std::string_view quote = {};
  // A regex matching it in a log, when `raises` escaped would not do (older
  // wordings, names that vary).
  std::string_view logPattern = {};

  // Other parts of Lightning's text that findings quote, by name, where one
  // quote does not serve every finding: the Trainer's wording where `raises`
  // is Fabric's, one per callback, a list a message names. A `{}` stands for
  // what varies (a precision), which the matcher fills in.
  std::vector<std::pair<std::string_view, std::string_view>> quotes = {};

  std::string_view quoted() const { return quote.empty() ? raises.value_or("") : quote; }
  // The quote called `name`; a matcher asks only for names its spec lists.
  std::string_view quoted(std::string_view name) const;
};

// The regex `explain --log` reads a Python log with: the spec's pattern, else
// its text escaped; empty for a rule whose fault raises nothing.
std::string logPatternOf(const RuleSpec& spec);

// A rule as the registry joins it: its spec, and a matcher over Python
// (`match`) or over C++ (`cxxMatch`), with its fixer if it has one.
struct Rule : RuleSpec {
  Matcher match = nullptr;
  Fixer fix = nullptr;                  // null when the rule only reports
  ConfigMatcher matchConfig = nullptr;  // for a rule that also reads YAML configs
  CxxMatcher cxxMatch = nullptr;
  CxxFixer cxxFix = nullptr;

  bool forCxx() const { return cxxMatch != nullptr; }
  bool fixable() const { return fix != nullptr || cxxFix != nullptr; }
};

// The rules a run applies, in the registry's order.
using RuleSet = std::vector<const Rule*>;

}  // namespace lightfix
