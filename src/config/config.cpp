#include "config/config.h"

#include <fnmatch.h>

#include <toml++/toml.h>
#include <filesystem>

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

std::optional<Config> readConfig(const std::string& path, std::string& error) {
  Config config;
  config.path = path;
  config.root = fs::absolute(path).lexically_normal().parent_path().string();
  toml::table table;
  try {
    table = toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    error =
        path + ":" + std::to_string(e.source().begin.line) + ": " + std::string(e.description());
    return std::nullopt;
  }
  const toml::table* tool = table["tool"]["lightfix"].as_table();
  if (!tool) return config;
  std::string why;
  if (!strings(tool->get("select"), config.select, why, "select") ||
      !strings(tool->get("ignore"), config.ignore, why, "ignore") ||
      !strings(tool->get("exclude"), config.exclude, why, "exclude")) {
    error = path + ": [tool.lightfix] " + why;
    return std::nullopt;
  }
  if (const toml::node* target = tool->get("target-strategy")) {
    auto value = target->value<std::string>();
    if (!value || *value != "deepspeed") {
      error = path + ": [tool.lightfix] `target-strategy` must be \"deepspeed\"";
      return std::nullopt;
    }
    config.targetStrategy = *value;
  }
  if (const toml::node* pfi = tool->get("per-file-ignores")) {
    const toml::table* globs = pfi->as_table();
    if (!globs) {
      error = path + ": [tool.lightfix] `per-file-ignores` must be a table";
      return std::nullopt;
    }
    for (const auto& [glob, codes] : *globs) {
      std::vector<std::string> list;
      if (!strings(&codes, list, why, "per-file-ignores")) {
        error = path + ": [tool.lightfix] " + why;
        return std::nullopt;
      }
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
