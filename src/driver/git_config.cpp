#include "driver/git_config.h"

#include <llvm/ADT/StringRef.h>

#include <tuple>
#include <vector>

#include "core/environment.h"
#include "core/read_file.h"

namespace fs = std::filesystem;

namespace lightfix {

namespace {

// A value as git reads it: quotes removed, escapes resolved, a comment
// (`#` or `;` outside quotes) dropped, and outer spaces trimmed.
std::string valueOf(llvm::StringRef raw) {
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
  return llvm::StringRef(out).trim().str();
}

// The variable's value, or "" (core/environment.h: empty is unset).
std::string environment(const char* name) {
  const char* value = envValue(name);
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
  for (llvm::StringRef rest = configText; !rest.empty();) {
    llvm::StringRef line;
    std::tie(line, rest) = rest.split('\n');
    llvm::StringRef text = line.trim();
    if (text.empty() || text.front() == '#' || text.front() == ';') continue;
    if (text.front() == '[') {
      inCore = false;
      if (!text.contains(']')) continue;
      auto [header, after] = text.drop_front().split(']');
      inCore = header.trim().equals_insensitive("core");  // not a `[core "sub"]` section
      text = after.trim();
      if (text.empty()) continue;
    }
    if (!inCore || !text.contains('=')) continue;
    auto [key, raw] = text.split('=');
    if (key.trim().equals_insensitive("excludesfile")) value = valueOf(raw);
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
