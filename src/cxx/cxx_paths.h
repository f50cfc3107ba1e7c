#pragma once
// Which paths are C++: what discovery hands to clang, and which of them are
// headers (compiled as such).

#include <string>

namespace lightfix {

// .cpp, .cc, .cxx, and the headers: .h, .hh, .hpp, .hxx
bool isCxxPath(const std::string& path);
bool isCxxHeader(const std::string& path);

}  // namespace lightfix
