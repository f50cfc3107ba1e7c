// libFuzzer entry point: arbitrary bytes through the whole Python pipeline.
// Build with -DLIGHTFIX_FUZZ=ON (clang); see docs/robustness.md.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "python_pipeline.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  lightfix::runPythonPipeline(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
