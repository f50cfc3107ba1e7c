#pragma once
// Writes a fixed file whole or not at all: a temporary file in the same
// directory, flushed to disk, renamed over the original with its mode and
// ownership — and only if the original still holds what was read.

#include <string>

namespace lightfix {

// Returns an empty string on success, else a one-line reason.
std::string writeFileAtomically(const std::string& path, const std::string& expectedOld,
                                const std::string& contents);

}  // namespace lightfix
