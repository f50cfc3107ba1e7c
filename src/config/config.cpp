#include "config/config.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <iterator>

#include <fmt/format.h>
#include <fnmatch.h>

#include <toml++/toml.h>

#include <filesystem>
#include "core/read_file.h"

namespace fs = std::filesystem;

namespace lightfix {

namespace {

bool strings(const toml::node* node, std::vector<std::string>& out, std::string& error,
             const char* key) {
  if (!node) return true;
  const toml::array* array = node->as_array();
  if (!array) {
    error = std::string("`") + key + "` must be an array of strings";
    return false;
  }
  for (const toml::node& item : *array) {
    auto value = item.value<std::string>();
    if (!value) {
      error = std::string("`") + key + "` must be an array of strings";
      return false;
    }
    out.push_back(*value);
  }
  return true;
}

}  // namespace

std::vector<std::string> Config::ignoredFor(const std::string& file) const {
  std::vector<std::string> codes;
  std::string rel = fs::absolute(file).lexically_normal().lexically_relative(root).generic_string();
  for (const auto& [glob, ignored] : perFileIgnores)
    if (fnmatch(glob.c_str(), rel.c_str(), 0) == 0)
      codes.insert(codes.end(), ignored.begin(), ignored.end());
  return codes;
}

std::optional<uint64_t> parseByteSize(std::string_view text) {
  uint64_t n = 0;
  size_t i = 0;
  for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i) {
    if (n > (UINT64_MAX - 9) / 10) return std::nullopt;
    n = n * 10 + static_cast<uint64_t>(text[i] - '0');
  }
  if (i == 0) return std::nullopt;
  std::string unit;
  for (char c : text.substr(i))
    unit += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  int shift = 0;
  if (unit.empty() || unit == "B")
    shift = 0;
  else if (unit == "K" || unit == "KB" || unit == "KIB")
    shift = 10;
  else if (unit == "M" || unit == "MB" || unit == "MIB")
    shift = 20;
  else if (unit == "G" || unit == "GB" || unit == "GIB")
    shift = 30;
  else
    return std::nullopt;
  if (shift > 0 && n > (UINT64_MAX >> shift)) return std::nullopt;
  return n << shift;
}

std::optional<Config> readConfig(const std::string& path, std::string& error) {
  Config config;
  config.path = path;
  config.root = fs::absolute(path).lexically_normal().parent_path().string();
  toml::table table;
  std::string contents;
  std::string why;
  if (!readWholeFile(path, contents, &why)) {
    error = fmt::format("{}: cannot read file: {}", path, why);
    return std::nullopt;
  }
  try {
    table = toml::parse(contents, path);
  } catch (const toml::parse_error& e) {
    error = fmt::format("{}:{}: {}", path, e.source().begin.line, e.description());
    return std::nullopt;
  }
  const toml::table* tool = table["tool"]["lightfix"].as_table();
  if (!tool) return config;
  auto invalid = [&](std::string_view reason) {
    error = fmt::format("{}: [tool.lightfix] {}", path, reason);
    return std::nullopt;
  };
  // As ruff does: a misspelt key would otherwise be ignored without a word.
  static const std::string_view known[] = {"select",          "ignore",        "exclude",
                                           "target-strategy", "max-file-size", "per-file-ignores",
                                           "python-path",     "force-exclude"};
  for (const auto& entry : *tool) {
    std::string_view key = entry.first.str();
    if (std::find(std::begin(known), std::end(known), key) == std::end(known))
      return invalid(fmt::format("unknown key `{}`", key));
  }
  if (!strings(tool->get("select"), config.select, why, "select") ||
      !strings(tool->get("ignore"), config.ignore, why, "ignore") ||
      !strings(tool->get("exclude"), config.exclude, why, "exclude"))
    return invalid(why);
  if (const toml::node* force = tool->get("force-exclude")) {
    std::optional<bool> value = force->value<bool>();
    if (!value || !force->is_boolean()) return invalid("`force-exclude` must be true or false");
    config.forceExclude = *value;
  }
  if (const toml::node* target = tool->get("target-strategy")) {
    auto value = target->value<std::string>();
    if (!value || *value != "deepspeed") return invalid("`target-strategy` must be \"deepspeed\"");
    config.targetStrategy = *value;
  }
  if (const toml::node* python = tool->get("python-path")) {
    auto value = python->value<std::string>();
    if (!value || value->empty())
      return invalid("`python-path` must be the path of a virtualenv or its interpreter");
    config.pythonPath = *value;
  }
  if (const toml::node* size = tool->get("max-file-size")) {
    std::optional<uint64_t> bytes;
    if (auto n = size->value<int64_t>(); n && *n >= 0) bytes = static_cast<uint64_t>(*n);
    if (auto text = size->value<std::string>()) bytes = parseByteSize(*text);
    if (!bytes)
      return invalid("`max-file-size` must be a size such as \"10MB\" or a number of bytes");
    config.maxFileSize = bytes;
  }
  if (const toml::node* pfi = tool->get("per-file-ignores")) {
    const toml::table* globs = pfi->as_table();
    if (!globs) return invalid("`per-file-ignores` must be a table");
    for (const auto& [glob, codes] : *globs) {
      std::vector<std::string> list;
      if (!strings(&codes, list, why, "per-file-ignores"))
        return invalid("`per-file-ignores` must map each pattern to an array of rule codes");
      config.perFileIgnores.emplace_back(std::string(glob.str()), std::move(list));
    }
  }
  return config;
}

std::string findConfig(const std::string& start) {
  std::error_code ec;
  fs::path dir = fs::absolute(start, ec).lexically_normal();
  if (!fs::is_directory(dir, ec)) dir = dir.parent_path();
  for (; !dir.empty(); dir = dir.parent_path()) {
    fs::path candidate = dir / "pyproject.toml";
    if (fs::exists(candidate, ec)) {
      // A broken file is returned too, so that reading it reports why.
      try {
        toml::table table = toml::parse_file(candidate.string());
        if (table["tool"]["lightfix"].as_table()) return candidate.string();
      } catch (const toml::parse_error&) {
        return candidate.string();
      }
    }
    if (dir == dir.root_path()) break;
  }
  return {};
}

}  // namespace lightfix
