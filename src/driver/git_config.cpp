#include "driver/git_config.h"

#include <cctype>
#include <cstdlib>
#include <sstream>
#include <string_view>
#include <vector>

#include "core/read_file.h"

namespace fs = std::filesystem;

namespace lightfix {

namespace {

std::string lowered(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}

// A value as git reads it: quotes removed, escapes resolved, a comment
// (`#` or `;` outside quotes) dropped, and outer spaces trimmed.
std::string valueOf(std::string_view raw) {
  std::string out;
  bool quoted = false;
  for (size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    if (c == '"') {
      quoted = !quoted;
    } else if (c == '\\' && i + 1 < raw.size()) {
      char next = raw[++i];
      out += next == 'n' ? '\n' : next == 't' ? '\t' : next;
    } else if (!quoted && (c == '#' || c == ';')) {
      break;
    } else {
      out += c;
    }
  }
  return std::string(trimmed(out));
}

std::string environment(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

std::string expandedHome(std::string path) {
  if (path.rfind("~/", 0) == 0) path = environment("HOME") + path.substr(1);
  return path;
}

std::optional<std::string> settingIn(const fs::path& file) {
  std::string text;
  if (!readWholeFile(file.string(), text)) return std::nullopt;
  return excludesFileSetting(text);
}

}  // namespace

std::optional<std::string> excludesFileSetting(const std::string& configText) {
  std::optional<std::string> value;
  bool inCore = false;
  std::istringstream lines(configText);
  std::string line;
  while (std::getline(lines, line)) {
    std::string_view text = trimmed(line);
    if (text.empty() || text[0] == '#' || text[0] == ';') continue;
    if (text[0] == '[') {
      size_t end = text.find(']');
      std::string_view header = text.substr(1, end == std::string_view::npos ? 0 : end - 1);
      inCore = lowered(trimmed(header)) == "core";  // not a `[core "sub"]` section
      text = end == std::string_view::npos ? std::string_view() : trimmed(text.substr(end + 1));
      if (text.empty()) continue;
    }
    if (!inCore) continue;
    size_t equals = text.find('=');
    if (equals == std::string_view::npos) continue;
    if (lowered(trimmed(text.substr(0, equals))) == "excludesfile")
      value = valueOf(text.substr(equals + 1));
  }
  return value;
}

fs::path globalExcludesFile(const fs::path& gitDir) {
  std::string home = environment("HOME");
  std::string xdg = environment("XDG_CONFIG_HOME");
  fs::path xdgGit = !xdg.empty()    ? fs::path(xdg) / "git"
                    : !home.empty() ? fs::path(home) / ".config" / "git"
                                    : fs::path();
  std::optional<std::string> setting;
  std::vector<fs::path> configs = {"/etc/gitconfig"};
  if (!xdgGit.empty()) configs.push_back(xdgGit / "config");
  if (!home.empty()) configs.push_back(fs::path(home) / ".gitconfig");
  configs.push_back(gitDir / "config");
  for (const fs::path& config : configs)
    if (std::optional<std::string> s = settingIn(config)) setting = s;
  if (setting) return setting->empty() ? fs::path() : fs::path(expandedHome(*setting));
  return xdgGit.empty() ? fs::path() : xdgGit / "ignore";
}

}  // namespace lightfix
