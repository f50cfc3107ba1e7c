#include "model/deepspeed_config.h"

#include <algorithm>
#include <filesystem>

#include "core/source_file.h"
#include "model/file_model.h"
#include "model/project_index.h"
#include "model/strategy.h"
#include "python/node.h"

namespace lightfix {

namespace fs = std::filesystem;

std::optional<DeepSpeedJson> readDeepSpeedJson(const std::string& path, const std::string& text) {
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(text);
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return std::nullopt;
  }
  llvm::json::Object* object = parsed->getAsObject();
  if (!object) return std::nullopt;
  static const char* const kDeepSpeedKeys[] = {
      "zero_optimization", "train_micro_batch_size_per_gpu", "train_batch_size",
      "gradient_accumulation_steps", "zero_allow_untested_optimizer"};
  bool deepSpeed = std::any_of(std::begin(kDeepSpeedKeys), std::end(kDeepSpeedKeys),
                               [&](const char* key) { return object->get(key) != nullptr; });
  if (!deepSpeed) return std::nullopt;
  return DeepSpeedJson{path, text, std::move(*object)};
}

std::optional<int64_t> ConfigKey::integer() const {
  if (kind != Present) return std::nullopt;
  if (json) {
    if (auto n = json->getAsInteger()) return *n;
    return std::nullopt;
  }
  if (!is(python.node, "integer")) return std::nullopt;
  std::string_view digits = textOf(python.node, python.model->file().text());
  if (digits.empty() || digits.size() > 9 ||
      !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  return std::stoll(std::string(digits));
}

namespace {

// The 1-based line of the first `"key"` in a JSON text.
unsigned lineOfKey(const std::string& text, const std::string& key) {
  size_t at = text.find("\"" + key + "\"");
  if (at == std::string::npos) return 0;
  return static_cast<unsigned>(std::count(text.begin(), text.begin() + at, '\n')) + 1;
}

// The path a `config=` value names: a string literal, a name bound to one,
// or an argparse option whose default is one.
std::optional<std::string> namedPath(Node value, const FileModel& m) {
  std::string_view source = m.file().text();
  std::string path;
  if (stringLiteral(value, source, path)) return path;
  // `config=args.deepspeed_config`: the argparse option's default.
  if (is(value, "attribute")) {
    std::string dest(textOf(field(value, "attribute"), source));
    std::optional<KeyValue> given =
        argparseDefault(field(value, "object"), dest, m.bindings().scopeOf(value), m);
    if (given && given->model && stringLiteral(given->node, given->model->file().text(), path))
      return path;
    return std::nullopt;
  }
  if (!is(value, "identifier")) return std::nullopt;
  Origin o = m.bindings().trace(value, m.bindings().scopeOf(value));
  if (o.kind == Origin::Expression && o.index < 0 && stringLiteral(o.expr, source, path))
    return path;
  return std::nullopt;
}

}  // namespace

ConfigKey jsonConfigKey(const DeepSpeedJson& file, const std::vector<std::string>& path) {
  ConfigKey out;
  const llvm::json::Object* object = &file.object;
  for (size_t i = 0; i < path.size(); ++i) {
    const llvm::json::Value* v = object ? object->get(path[i]) : nullptr;
    if (!v) {
      out.kind = object ? ConfigKey::Absent : ConfigKey::Unknown;
      return out;
    }
    if (i + 1 == path.size()) {
      out.kind = ConfigKey::Present;
      out.file = &file;
      out.json = v;
      out.line = lineOfKey(file.text, path.back());
      return out;
    }
    object = v->getAsObject();
  }
  return out;
}

ConfigKey deepSpeedConfigKey(Node strategyCall, const std::vector<std::string>& path,
                             const FileModel& m) {
  ConfigKey out;
  Node value = keywordArgument(field(strategyCall, "arguments"), "config", m.file().text());
  if (isNull(value)) return out;
  out.kind = ConfigKey::Unknown;
  out.argument = value;
  if (std::optional<std::string> named = namedPath(value, m)) {
    const DeepSpeedJson* file =
        m.index() ? m.index()->deepSpeedConfig(m.file().path(), *named) : nullptr;
    if (!file) return out;
    ConfigKey found = jsonConfigKey(*file, path);
    found.argument = value;
    return found;
  }
  KeyValues kv = keyValuesAt(value, path, strategyCall, m.bindings().scopeOf(strategyCall), m);
  if (!kv.complete || kv.values.size() != 1) return out;
  out.kind = isNull(kv.values[0].node) ? ConfigKey::Absent : ConfigKey::Present;
  out.python = kv.values[0];
  return out;
}

}  // namespace lightfix
