#pragma once
// A file's bytes, read whole.

#include <string>

namespace lightfix {

// False when the file cannot be opened or read.
bool readWholeFile(const std::string& path, std::string& text);

}  // namespace lightfix
