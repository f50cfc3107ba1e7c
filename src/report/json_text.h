#pragma once
// JSON strings must be UTF-8; source text (and so messages) may not be.

#include <llvm/Support/JSON.h>

#include <string>

namespace lightfix {

inline std::string jsonText(const std::string& s) {
  return llvm::json::isUTF8(s) ? s : llvm::json::fixUTF8(s);
}

}  // namespace lightfix
