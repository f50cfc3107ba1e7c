#pragma once
// From a crash to the code: which rule's Lightning error a logged error is,
// and which frame of its traceback is the user's.

#include <optional>
#include <string>
#include <vector>

#include "logs/crash_log.h"

namespace lightfix {

struct Rule;

// The rule whose Lightning error `error` is (by the rule's message pattern,
// which also knows the texts of earlier Lightning versions), or null.
const Rule* ruleForError(const RaisedError& error);

struct ProjectFrame {
  size_t file = 0;  // index into the files given
  unsigned line = 0;
  std::string function;
};

// The innermost frame whose file is one of `files` (the project's, as
// discovered here). The log's paths are the job's, often on another machine:
// a frame is matched to the file sharing the longest tail of its path (at
// least the file name); frames in site-packages, the standard library or
// `<frozen …>` never match.
std::optional<ProjectFrame> innermostProjectFrame(const RaisedError& error,
                                                  const std::vector<std::string>& files);

}  // namespace lightfix
