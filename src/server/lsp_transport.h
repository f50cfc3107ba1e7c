#pragma once
// The protocol's base layer: messages framed by a `Content-Length` header.

#include <llvm/Support/JSON.h>

#include <istream>
#include <optional>
#include <ostream>
#include <string>

namespace lightfix {

// The next message's body; none at the end of the stream or when its
// header has no valid `Content-Length` (`error` then says why).
std::optional<std::string> readMessage(std::istream& in, std::string& error);

// `message` framed, written and flushed.
void writeMessage(std::ostream& out, const llvm::json::Value& message);

}  // namespace lightfix
