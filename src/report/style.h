#pragma once
// Terminal colours (SGR escape sequences), shared by every coloured output.

#include <fmt/format.h>

#include <string>

namespace lightfix {

struct Style {
  bool on = false;
  std::string operator()(const char* code, const std::string& text) const {
    if (!on) return text;
    // The reset comes before a trailing line break: a style never runs on
    // into the next line (or the shell's prompt).
    size_t end = text.find_last_not_of("\r\n") + 1;
    return fmt::format("\x1b[{}m{}\x1b[0m{}", code, text.substr(0, end), text.substr(end));
  }
};

inline constexpr const char* kBold = "1";
inline constexpr const char* kRed = "1;31";
inline constexpr const char* kYellow = "1;33";
inline constexpr const char* kBlue = "1;34";
inline constexpr const char* kCyan = "36";
inline constexpr const char* kGreen = "32";
inline constexpr const char* kDimRed = "31";

}  // namespace lightfix
