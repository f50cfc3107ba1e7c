#pragma once
// lightfix's version: CMake's project(VERSION), the one place it is written
// (the wheel and the pre-commit shim's pin read it from the binary).

namespace lightfix {

const char* version();

}  // namespace lightfix
