#pragma once
// `lightfix report merge SHARD.json… [--output FILE]`: the --report tables of
// a fleet's shards joined into the one table a single run would have
// written; Markdown, or JSON for a FILE.json.

#include <string>
#include <vector>

#include "cli/cli.h"

namespace lightfix {

int mergeReports(const std::vector<std::string>& files, const std::string& output, const CliIo& io);

}  // namespace lightfix
