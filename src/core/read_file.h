#pragma once
// A file's bytes, read whole.

#include <string>

namespace lightfix {

// False when the file cannot be opened or read; `why`, if given, then says
// why (strerror's text: "Permission denied").
bool readWholeFile(const std::string& path, std::string& text, std::string* why = nullptr);

}  // namespace lightfix
