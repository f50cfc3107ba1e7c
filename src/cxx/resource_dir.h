#pragma once
// Where clang's builtin headers (stddef.h, …) are for the C++ checks: beside
// the binary when it was installed with them (a wheel's
// `<bin>/../lib/lightfix/clang/include`), else where the build found them.

#include <string>

namespace lightfix {

std::string clangResourceDir();

}  // namespace lightfix
