#pragma once
// A project's result in the result cache: its key (every file's and
// config's bytes), its entry, and a hit standing in for checking it.

#include <optional>
#include <string>
#include <vector>

#include "driver/progress.h"
#include "driver/project_check.h"
#include "driver/result_cache.h"
#include "driver/run.h"

namespace lightfix {

// The key of a project's result: every file's bytes and every config's;
// none for a project that compiles C++ (its headers are not among its
// files) or has a file that could not be read. A C++ source with no
// compilation command is never read (a CUDA extension beside a training
// script): it leaves the project cached.
std::optional<std::string> cacheKeyOf(const ProjectCheck& project,
                                      const std::vector<std::optional<std::string>>& configTexts,
                                      const RunOptions& options);

// The project's entry in the cache: its folder, or for files under no
// project folder, the first one's folder.
std::string cacheNameOf(const ProjectCheck& project);

// What the project's files and configs gave, by their index in it.
CachedResult resultOf(const ProjectCheck& project);

// A cached result stands for checking the project: its reports get the
// texts just read, which are the ones they were found in. False, touching
// nothing, if one names a file or config that is not there to show.
bool replay(Progress& progress, ProjectCheck& project, CachedResult& hit,
            std::vector<std::optional<std::string>>& configTexts);

}  // namespace lightfix
