#pragma once
// The binary itself, for what lightfix keeps between runs: a rebuilt
// lightfix may find other things, or lay out its tables otherwise.

#include <string>

namespace lightfix {

// Its path, size and time, looked up once a run; empty when they cannot be,
// and then nothing is kept.
const std::string& binaryIdentity();

}  // namespace lightfix
