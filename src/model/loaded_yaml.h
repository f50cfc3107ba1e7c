#pragma once
// A YAML file of the project that a script loads itself, read where the
// script reads it: `cfg["training"]["strategy"]` after `cfg =
// yaml.safe_load(f)` with `f` opened from a literal path, `cfg.trainer` after
// `cfg = OmegaConf.load("conf.yml")`.

#include "python/node.h"

#include <string>
#include <vector>

#include "model/config_files.h"

namespace lightfix {

class FileModel;

struct LoadedYamlValue {
  bool loaded = false;                // the expression reads a loaded YAML file of the project
  std::string path;                   // that file
  const std::string* text = nullptr;  // its text, the project's
  YamlEntry entry;                    // what it holds at the keys read
};

// What `expr` (a chain of string subscripts and attributes on a name) reads
// of a YAML file loaded in `model`'s file, followed by `moreKeys`: through
// names (`trainer = cfg.trainer`), and a parameter's one caller of the same
// file, to the load and the path it names. Not `loaded` when the chain's
// root is anything else.
LoadedYamlValue loadedYamlValue(Node expr, Node scope, const FileModel& model,
                                const std::vector<std::string>& moreKeys = {});

}  // namespace lightfix
