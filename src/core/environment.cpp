#include "core/environment.h"

#include <cstdlib>
#include <string_view>

namespace lightfix {

const char* envValue(const char* name) {
  const char* value = std::getenv(name);
  return value && *value ? value : nullptr;
}

bool envSwitch(const char* name) {
  const char* value = envValue(name);
  return value && std::string_view(value) != "0";
}

}  // namespace lightfix
