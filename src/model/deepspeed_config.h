#pragma once
// The config a `DeepSpeedStrategy(config=...)` is given, read where the
// project shows it: a dict the file builds (`{"zero_optimization": ...}`,
// changed by later statements), or a JSON file of the project named by
// path (`config="ds_config.json"`), which Lightning loads with `json.load`.

#include <llvm/Support/JSON.h>
#include "python/node.h"

#include <optional>
#include <string>
#include <vector>

#include "model/dict_values.h"

namespace lightfix {

class FileModel;

// A DeepSpeed JSON config of the project: a JSON object holding one of
// DeepSpeed's top-level keys.
struct DeepSpeedJson {
  std::string path;
  std::string text;
  llvm::json::Object object;
};

// Parses `text` as a DeepSpeed config; nothing for any other JSON file.
std::optional<DeepSpeedJson> readDeepSpeedJson(const std::string& path, const std::string& text);

// What the config says at a key path (`{"zero_optimization", "stage"}`).
struct ConfigKey {
  enum Kind {
    NoConfig,  // no `config=` argument
    Unknown,   // a config lightfix cannot read, or a value that differs by path
    Absent,
    Present,
  } kind = NoConfig;
  Node argument{};                      // the `config=` value
  KeyValue python;                      // Present in a dict of the program
  const DeepSpeedJson* file = nullptr;  // Present in a JSON file
  const llvm::json::Value* json = nullptr;
  unsigned line = 0;  // of the key in `file`

  // The value as an integer, when it is one.
  std::optional<int64_t> integer() const;
};

// What a JSON config file says at a key path.
ConfigKey jsonConfigKey(const DeepSpeedJson& file, const std::vector<std::string>& path);

// `strategyCall` is a `DeepSpeedStrategy(...)` call of `model`'s file.
ConfigKey deepSpeedConfigKey(Node strategyCall, const std::vector<std::string>& path,
                             const FileModel& model);

}  // namespace lightfix
