#pragma once
// `file://` URIs, as LSP names documents, and the paths they stand for.

#include <optional>
#include <string>
#include <string_view>

namespace lightfix {

// The absolute path a `file:` URI names, percent-escapes decoded; none for
// another scheme or a malformed escape.
std::optional<std::string> pathOfUri(std::string_view uri);

// A `file://` URI for an absolute path, every byte but the unreserved ones
// and `/` percent-escaped (as VS Code writes them).
std::string uriOfPath(std::string_view path);

}  // namespace lightfix
