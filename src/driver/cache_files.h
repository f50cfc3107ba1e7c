#pragma once
// cache_files: the cache's folder on disk, shared by the result cache and
// the table store: where it lives, how it is made, how a file enters it
// whole, and how what no run touches any more leaves it.

#include <initializer_list>
#include <string>
#include <string_view>

namespace lightfix {

// Where the cache lives: $LIGHTFIX_CACHE_DIR, else $XDG_CACHE_HOME/lightfix,
// else ~/.cache/lightfix; empty (no cache) under LIGHTFIX_NO_CACHE=1 or
// without a home.
std::string defaultCacheDir();

// Makes the cache's folder, tagged for backup tools, unless it is there:
// false when it cannot be made.
bool makeCacheFolder(const std::string& dir);

// Writes `bytes` to `path`, a file of `dir`, whole or not at all: through a
// temporary `dir/<prefix>-XXXXXXXX.tmp` renamed over it, so that runs side
// by side each read a complete file. False when nothing was written.
bool writeCacheFile(const std::string& dir, std::string_view prefix, std::string_view bytes,
                    const std::string& path);

// Removes the files of `dir` with one of `extensions` untouched for `days`.
void removeUntouched(const std::string& dir, std::initializer_list<std::string_view> extensions,
                     int days);

}  // namespace lightfix
