#pragma once
// `[tool.lightfix]` in pyproject.toml: select, ignore, exclude, force-exclude,
// target-strategy, max-file-size and per-file-ignores, found by walking up from the first
// path like ruff does, or named with --config.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lightfix {

struct Config {
  std::string path;  // the pyproject.toml it came from
  std::string root;  // its directory: exclude and per-file-ignores are relative to it
  std::vector<std::string> select;
  std::vector<std::string> ignore;
  std::vector<std::string> exclude;
  bool forceExclude = false;  // `exclude` applies to files named on the command line too
  std::string targetStrategy;
  std::string pythonPath;  // a virtualenv or its interpreter, for installed base classes
  std::optional<uint64_t> maxFileSize;  // bytes; 0: no limit
  std::vector<std::pair<std::string, std::vector<std::string>>> perFileIgnores;

  // The codes per-file-ignores turns off for a file.
  std::vector<std::string> ignoredFor(const std::string& file) const;
};

// "10MB", "512KB", "1GB", "2048" (bytes); K, M and G count in 1024s. None
// for anything else.
std::optional<uint64_t> parseByteSize(std::string_view text);

// Reads the `[tool.lightfix]` table of a pyproject.toml; a file without one
// gives an empty config. On a malformed file, nothing and a one-line error.
std::optional<Config> readConfig(const std::string& path, std::string& error);

// The nearest pyproject.toml holding `[tool.lightfix]`, walking up from
// `start` (a file or directory); empty when there is none.
std::string findConfig(const std::string& start);

}  // namespace lightfix
