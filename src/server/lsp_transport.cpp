#include "server/lsp_transport.h"

#include <llvm/Support/raw_ostream.h>

#include <cctype>
#include <cstdlib>

namespace lightfix {

namespace {

// A header line without its `\r\n`; false at the end of the stream.
bool readHeaderLine(std::istream& in, std::string& line) {
  if (!std::getline(in, line)) return false;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

bool startsWithNoCase(const std::string& s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
  return true;
}

}  // namespace

std::optional<std::string> readMessage(std::istream& in, std::string& error) {
  constexpr std::string_view kLength = "content-length:";
  std::optional<size_t> length;
  std::string line;
  for (;;) {
    if (!readHeaderLine(in, line)) return std::nullopt;
    if (line.empty()) {
      if (length) break;
      continue;  // blank lines between messages
    }
    if (!startsWithNoCase(line, kLength)) continue;  // Content-Type, which has one value
    const char* digits = line.c_str() + kLength.size();
    char* end = nullptr;
    unsigned long long n = std::strtoull(digits, &end, 10);
    while (end && *end == ' ') ++end;
    if (end == digits || !end || *end != '\0') {
      error = "a message header's Content-Length is not a number: " + line;
      return std::nullopt;
    }
    length = static_cast<size_t>(n);
  }
  std::string body(*length, '\0');
  if (!in.read(body.data(), static_cast<std::streamsize>(body.size()))) {
    error = "the stream ended inside a message";
    return std::nullopt;
  }
  return body;
}

void writeMessage(std::ostream& out, const llvm::json::Value& message) {
  std::string body;
  llvm::raw_string_ostream(body) << message;
  out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  out.flush();
}

}  // namespace lightfix
