#include "core/version.h"

namespace lightfix {

const char* version() { return LIGHTFIX_VERSION; }

}  // namespace lightfix
