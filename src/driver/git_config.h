#pragma once
// The one git setting lightfix reads: core.excludesFile, from the system,
// user and repository config files in git's order (a later file wins).
// `[include]` and `[includeIf]` are not followed.

#include <filesystem>
#include <optional>
#include <string>

namespace lightfix {

// The user's global ignore file for the repository whose git directory (the
// common one, for a linked work tree) is `gitDir`: core.excludesFile, else
// $XDG_CONFIG_HOME/git/ignore, else ~/.config/git/ignore.
std::filesystem::path globalExcludesFile(const std::filesystem::path& gitDir);

// The value of core.excludesFile in one config file's text, if it sets it.
std::optional<std::string> excludesFileSetting(const std::string& configText);

}  // namespace lightfix
