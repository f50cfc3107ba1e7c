#include "model/config_files.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/YAMLParser.h>

#include <algorithm>
#include <filesystem>
#include <initializer_list>
#include <optional>

#include "model/lightning_classes.h"
#include "model/strategy.h"
#include "semantics/imports.h"

namespace lightfix {

namespace {

using llvm::yaml::MappingNode;
using llvm::yaml::ScalarNode;

// A YAML stream whose errors go nowhere: a malformed config is not ours to
// report (readers that must refuse one ask `stream.failed()`).
// OmegaConf's mandatory value, `key: ???`, which LLVM's YAML parser takes
// for a complex key and gives up on, losing the rest of the file: masked as
// the same number of bytes, a quoted `'?'`, so lines and offsets hold.
std::string maskMandatoryValues(llvm::StringRef text) {
  std::string out = text.str();
  for (size_t at = out.find("???"); at != std::string::npos; at = out.find("???", at + 3)) {
    size_t before = out.find_last_not_of(' ', at == 0 ? 0 : at - 1);
    bool value = at > 0 && before != std::string::npos && before + 1 < at &&
                 (out[before] == ':' || out[before] == '-');
    size_t after = out.find_first_not_of(' ', at + 3);
    bool alone =
        after == std::string::npos || out[after] == '\n' || out[after] == '\r' || out[after] == '#';
    if (value && alone) out.replace(at, 3, "'?'");
  }
  return out;
}

struct QuietYaml {
  explicit QuietYaml(llvm::StringRef text)
      : masked(maskMandatoryValues(text)), stream(masked, silenced(sm)) {}
  // The stream points into `sm`: neither may move apart.
  QuietYaml(const QuietYaml&) = delete;
  QuietYaml& operator=(const QuietYaml&) = delete;

  static llvm::SourceMgr& silenced(llvm::SourceMgr& sm) {
    sm.setDiagHandler([](const llvm::SMDiagnostic&, void*) {}, nullptr);
    return sm;
  }

  std::string masked;  // what is parsed: the text, `???` masked
  llvm::SourceMgr sm;
  llvm::yaml::Stream stream;
};

std::string scalar(llvm::yaml::Node* node) {
  auto* s = llvm::dyn_cast_or_null<ScalarNode>(node);
  if (!s) return {};
  llvm::SmallString<64> storage;
  return s->getValue(storage).str();
}

unsigned lineOf(llvm::SourceMgr& sm, llvm::yaml::Node* node) {
  return sm.getLineAndColumn(node->getSourceRange().Start).first;
}

YamlScalar scalarAt(llvm::yaml::Node* value, llvm::SourceMgr& sm) {
  llvm::SMRange range = value->getSourceRange();
  YamlScalar s;
  s.value = scalar(value);
  s.line = lineOf(sm, value);
  // The parsed buffer is the text with `???` masked, at the same offsets.
  const char* start = sm.getMemoryBuffer(sm.FindBufferContainingLoc(range.Start))->getBufferStart();
  s.offset = static_cast<uint32_t>(range.Start.getPointer() - start);
  // A plain scalar's range runs on over the blanks before a comment
  // (`value  # why`): they are not the value's, and an edit of the value
  // must keep them, or `#` would join it.
  llvm::StringRef text(range.Start.getPointer(), range.End.getPointer() - range.Start.getPointer());
  s.length = static_cast<uint32_t>(text.rtrim(" \t").size());
  return s;
}

// A `strategy:` value naming DeepSpeed: a name, `{class_path: ...}`
// (LightningCLI) or `{_target_: ...}` (Hydra).
void deepSpeedIn(llvm::yaml::Node* value, llvm::SourceMgr& sm, std::vector<YamlScalar>& out) {
  if (isDeepSpeedName(scalar(value))) {
    out.push_back(scalarAt(value, sm));
  } else if (auto* m = llvm::dyn_cast_or_null<MappingNode>(value)) {
    for (auto& inner : *m)
      if ((scalar(inner.getKey()) == "class_path" || scalar(inner.getKey()) == "_target_") &&
          isDeepSpeedStrategyClass(scalar(inner.getValue())))
        out.push_back(scalarAt(inner.getValue(), sm));
  }
}

// Each key and value of a Trainer's mapping in a config: those of its
// top-level `trainer:` sections and of the `trainer:` under a top-level
// `lightning:` (latent-diffusion's `main.py` passes that one to
// `Trainer.from_argparse_args`), and in a `trainer/` group file its top
// level too. Beside that `trainer:`, `lightning:`'s own `callbacks:`,
// `strategy:` and `precision:` are the Trainer's as well: every
// latent-diffusion `main.py` hands it those callbacks, and its descendants
// (DynamiCrafter, ToonCrafter) the strategy and precision, as keywords that
// win over the section's. (A YAML mapping can be walked only once.)
template <typename Visit>
void forEachTrainerEntry(const std::string& path, QuietYaml& yaml, Visit visit) {
  bool hydraGroup = inTrainerGroup(path);
  auto visitTrainer = [&](llvm::yaml::Node* value) {
    if (auto* trainer = llvm::dyn_cast_or_null<MappingNode>(value))
      for (auto& inner : *trainer) visit(scalar(inner.getKey()), inner.getValue());
  };
  for (llvm::yaml::Document& doc : yaml.stream) {
    auto* top = llvm::dyn_cast_or_null<MappingNode>(doc.getRoot());
    if (!top) continue;
    for (auto& kv : *top) {
      std::string key = scalar(kv.getKey());
      if (hydraGroup && key != "trainer") visit(key, kv.getValue());
      if (key == "trainer") visitTrainer(kv.getValue());
      if (auto* lightning = llvm::dyn_cast_or_null<MappingNode>(kv.getValue());
          lightning && key == "lightning" && !hydraGroup)
        for (auto& section : *lightning) {
          std::string name = scalar(section.getKey());
          if (name == "trainer") visitTrainer(section.getValue());
          if (name == "callbacks" || name == "strategy" || name == "precision")
            visit(name, section.getValue());
        }
    }
  }
}

std::vector<std::string> names(llvm::yaml::Node* value) {
  if (auto* list = llvm::dyn_cast_or_null<llvm::yaml::SequenceNode>(value)) {
    std::vector<std::string> out;
    for (llvm::yaml::Node& item : *list)
      if (std::string name = scalar(&item); !name.empty()) out.push_back(name);
    return out;
  }
  std::string name = scalar(value);
  // `logger: null` chooses nothing.
  if (name.empty() || name == "null") return {};
  return {name};
}

bool stripPrefix(std::string& s, std::string_view prefix) {
  if (s.rfind(prefix, 0) != 0) return false;
  s.erase(0, prefix.size());
  return true;
}

std::optional<HydraDefault> hydraDefault(llvm::yaml::Node& item) {
  HydraDefault d;
  if (std::string name = scalar(&item); !name.empty()) {
    if (name == "_self_") return std::nullopt;
    d.names.push_back(name);
    return d;
  }
  auto* entry = llvm::dyn_cast<MappingNode>(&item);
  if (!entry) return std::nullopt;
  // Walked to its end: a YAML stream cannot be left midway.
  for (auto& kv : *entry) {
    if (!d.group.empty()) continue;
    d.group = scalar(kv.getKey());
    d.names = names(kv.getValue());
  }
  d.override = stripPrefix(d.group, "override ");
  stripPrefix(d.group, "optional ");
  if (d.group.empty() || d.names.empty()) return std::nullopt;
  return d;
}

}  // namespace

bool inTrainerGroup(const std::string& path) {
  return std::filesystem::path(path).parent_path().filename() == "trainer";
}

bool inStrategyGroup(const std::string& path) {
  return std::filesystem::path(path).parent_path().filename() == "strategy";
}

HydraConfigFile readHydraConfig(const std::string& text) {
  HydraConfigFile out;
  QuietYaml yaml(text);
  llvm::SourceMgr& sm = yaml.sm;
  llvm::yaml::Stream& stream = yaml.stream;
  for (llvm::yaml::Document& doc : stream) {
    auto* top = llvm::dyn_cast_or_null<MappingNode>(doc.getRoot());
    if (!top) continue;
    for (auto& kv : *top) {
      std::string key = scalar(kv.getKey());
      if (key == "strategy") {
        out.setsStrategy = true;
        std::vector<YamlScalar> deepSpeed;
        deepSpeedIn(kv.getValue(), sm, deepSpeed);
        if (!deepSpeed.empty()) out.deepSpeedLine = deepSpeed.front().line;
      } else if (key == "_target_") {
        out.target = scalar(kv.getValue());
        out.targetLine = lineOf(sm, kv.getValue());
      } else if (key == "defaults") {
        if (auto* list = llvm::dyn_cast_or_null<llvm::yaml::SequenceNode>(kv.getValue()))
          for (llvm::yaml::Node& item : *list) {
            if (scalar(&item) == "_self_") out.selfAt = static_cast<int>(out.defaults.size());
            if (auto d = hydraDefault(item)) out.defaults.push_back(std::move(*d));
          }
      }
    }
    break;  // a Hydra config is one document
  }
  // Hydra refuses a malformed config; so does this.
  if (stream.failed()) return {};
  return out;
}

namespace {

// Calls found(key, class) for each class a node names at any depth under
// one of `keys` (`_target_:`, `class_path:`, latent-diffusion's `target:`).
template <typename Found>
void classesNamedWithin(llvm::yaml::Node* node, std::initializer_list<std::string_view> keys,
                        const Found& found) {
  if (auto* map = llvm::dyn_cast_or_null<MappingNode>(node)) {
    for (auto& kv : *map) {
      std::string key = scalar(kv.getKey());
      if (std::find(keys.begin(), keys.end(), key) != keys.end() &&
          llvm::isa_and_nonnull<ScalarNode>(kv.getValue()))
        found(key, scalar(kv.getValue()));
      else
        classesNamedWithin(kv.getValue(), keys, found);
    }
  } else if (auto* list = llvm::dyn_cast_or_null<llvm::yaml::SequenceNode>(node)) {
    for (llvm::yaml::Node& item : *list) classesNamedWithin(&item, keys, found);
  }
}

}  // namespace

YamlModelChoice yamlModelChoice(const std::string& text) {
  YamlModelChoice out;
  QuietYaml yaml(text);
  for (llvm::yaml::Document& doc : yaml.stream) {
    auto* top = llvm::dyn_cast_or_null<MappingNode>(doc.getRoot());
    if (!top) continue;
    for (auto& kv : *top) {
      std::string key = scalar(kv.getKey());
      if (key == "optimizer") {
        std::string named = scalar(kv.getValue());
        out.setsOptimizer = llvm::isa_and_nonnull<MappingNode>(kv.getValue()) ||
                            (!named.empty() && named != "null" && named != "~");
      }
      auto* value = llvm::dyn_cast_or_null<MappingNode>(kv.getValue());
      if (!value || (key != "model" && key != "trainer" && key != "lightning")) continue;
      for (auto& inner : *value) {
        std::string name = scalar(inner.getKey());
        // LightningCLI's `class_path:`, latent-diffusion's `target:`
        // (`instantiate_from_config(config.model)`).
        if (key == "model" && (name == "class_path" || name == "target"))
          out.classPath = scalar(inner.getValue());
        if (key == "model" && (name == "params" || name == "init_args"))
          classesNamedWithin(inner.getValue(), {"target", "_target_", "class_path"},
                             [&](const std::string&, std::string named) {
                               out.partClassPaths.push_back(std::move(named));
                             });
        if (key == "trainer" && name == "strategy") out.setsStrategy = true;
        // latent-diffusion's `lightning: {trainer: {strategy: ...}}`, or its
        // descendants' `lightning: {strategy: ...}`.
        if (key == "lightning" && name == "strategy") out.setsStrategy = true;
        if (auto* trainer = llvm::dyn_cast_or_null<MappingNode>(inner.getValue());
            trainer && key == "lightning" && name == "trainer")
          for (auto& entry : *trainer)
            if (scalar(entry.getKey()) == "strategy") out.setsStrategy = true;
      }
    }
  }
  if (yaml.stream.failed()) return {};
  return out;
}

YamlObjectNames yamlObjectNames(const std::string& text) {
  YamlObjectNames out;
  QuietYaml yaml(text);
  llvm::yaml::Stream& stream = yaml.stream;
  for (llvm::yaml::Document& doc : stream)
    classesNamedWithin(doc.getRoot(), {"_target_", "class_path"},
                       [&](const std::string& key, std::string named) {
                         (key == "_target_" ? out.hydra : out.cli) = true;
                         out.classes.push_back(std::move(named));
                       });
  return out;
}

bool yamlParses(const std::string& text) {
  QuietYaml yaml(text);
  llvm::yaml::Stream& stream = yaml.stream;
  for (llvm::yaml::Document& doc : stream) doc.skip();
  return !stream.failed();
}

std::vector<YamlScalar> yamlTrainerStrategyValues(const std::string& path,
                                                  const std::string& text) {
  std::vector<YamlScalar> out;
  QuietYaml yaml(text);
  forEachTrainerEntry(path, yaml, [&](const std::string& key, llvm::yaml::Node* value) {
    if (key == "strategy") deepSpeedIn(value, yaml.sm, out);
  });
  return out;
}

std::vector<YamlScalar> yamlTrainerValues(const std::string& path, const std::string& text,
                                          const std::string& key) {
  std::vector<YamlScalar> out;
  QuietYaml yaml(text);
  forEachTrainerEntry(path, yaml, [&](const std::string& name, llvm::yaml::Node* value) {
    if (name == key && llvm::isa_and_nonnull<ScalarNode>(value))
      out.push_back(scalarAt(value, yaml.sm));
  });
  return out;
}

std::vector<YamlScalar> yamlDeepSpeedConfigPaths(const std::string& path, const std::string& text) {
  std::vector<YamlScalar> out;
  QuietYaml yaml(text);
  forEachTrainerEntry(path, yaml, [&](const std::string& key, llvm::yaml::Node* value) {
    auto* object = llvm::dyn_cast_or_null<MappingNode>(value);
    if (key != "strategy" || !object) return;
    // One pass (a mapping is walked once): the class, and `config:` beside
    // Hydra's `_target_` or under LightningCLI's `init_args:`.
    std::string classKey;
    bool deepSpeed = false;
    std::optional<YamlScalar> hydraConfig, cliConfig;
    for (auto& kv : *object) {
      std::string name = scalar(kv.getKey());
      llvm::yaml::Node* v = kv.getValue();
      if (name == "_target_" || name == "class_path") {
        classKey = name;
        deepSpeed = isDeepSpeedStrategyClass(scalar(v));
      } else if (name == "config" && llvm::isa_and_nonnull<ScalarNode>(v)) {
        hydraConfig = scalarAt(v, yaml.sm);
      } else if (auto* args = llvm::dyn_cast_or_null<MappingNode>(v); args && name == "init_args") {
        for (auto& arg : *args)
          if (scalar(arg.getKey()) == "config" && llvm::isa_and_nonnull<ScalarNode>(arg.getValue()))
            cliConfig = scalarAt(arg.getValue(), yaml.sm);
      }
    }
    const std::optional<YamlScalar>& config = classKey == "_target_" ? hydraConfig : cliConfig;
    if (deepSpeed && config) out.push_back(*config);
  });
  return out;
}

std::vector<YamlScalar> yamlTrainerObjects(const std::string& path, const std::string& text,
                                           const std::string& key) {
  std::vector<YamlScalar> out;
  QuietYaml yaml(text);
  // The class keys of one mapping; `target:` too in objects by name.
  auto classesOf = [&](llvm::yaml::Node& object, bool named, std::vector<YamlScalar>& into) {
    auto* m = llvm::dyn_cast<MappingNode>(&object);
    if (!m) return;
    for (auto& kv : *m) {
      std::string k = scalar(kv.getKey());
      llvm::yaml::Node* v = kv.getValue();
      if ((k == "class_path" || k == "_target_" || (named && k == "target")) &&
          llvm::isa_and_nonnull<ScalarNode>(v))
        into.push_back(scalarAt(v, yaml.sm));
    }
  };
  // `{class_path: ...}`, `{_target_: ...}`; or, without a class key, objects
  // by name (`{swa: {target: ..., params: ...}}`: latent-diffusion's
  // callbacks, and Hydra's), whose `target:` names the class too.
  auto objectsOf = [&](llvm::yaml::Node& value) {
    auto* m = llvm::dyn_cast<MappingNode>(&value);
    if (!m) return;
    std::vector<YamlScalar> own, byName;
    for (auto& kv : *m) {
      std::string k = scalar(kv.getKey());
      llvm::yaml::Node* v = kv.getValue();
      if ((k == "class_path" || k == "_target_") && llvm::isa_and_nonnull<ScalarNode>(v))
        own.push_back(scalarAt(v, yaml.sm));
      else if (v)
        classesOf(*v, /*named=*/true, byName);
    }
    const std::vector<YamlScalar>& found = own.empty() ? byName : own;
    out.insert(out.end(), found.begin(), found.end());
  };
  forEachTrainerEntry(path, yaml, [&](const std::string& name, llvm::yaml::Node* value) {
    if (name != key || !value) return;
    if (auto* list = llvm::dyn_cast<llvm::yaml::SequenceNode>(value)) {
      for (llvm::yaml::Node& item : *list) classesOf(item, /*named=*/false, out);
    } else {
      objectsOf(*value);
    }
  });
  return out;
}

bool yamlHasTrainerSection(const std::string& path, const std::string& text) {
  bool any = false;
  QuietYaml yaml(text);
  forEachTrainerEntry(path, yaml, [&](const std::string&, llvm::yaml::Node*) { any = true; });
  return any;
}

std::vector<YamlScalar> yamlHydraCallbacks(const std::string& path, const std::string& text) {
  std::vector<YamlScalar> out;
  if (inTrainerGroup(path)) return out;  // its top level is the Trainer's
  QuietYaml yaml(text);
  for (llvm::yaml::Document& doc : yaml.stream) {
    auto* top = llvm::dyn_cast_or_null<MappingNode>(doc.getRoot());
    if (!top) continue;
    for (auto& kv : *top) {
      auto* callbacks = llvm::dyn_cast_or_null<MappingNode>(kv.getValue());
      if (scalar(kv.getKey()) != "callbacks" || !callbacks) continue;
      for (auto& entry : *callbacks)
        if (auto* object = llvm::dyn_cast_or_null<MappingNode>(entry.getValue()))
          for (auto& field : *object)
            if (scalar(field.getKey()) == "_target_" &&
                llvm::isa_and_nonnull<ScalarNode>(field.getValue()))
              out.push_back(scalarAt(field.getValue(), yaml.sm));
    }
    break;  // a Hydra config is one document
  }
  return out;
}

YamlEntry yamlEntryAt(const std::string& text, const std::vector<std::string>& keys) {
  QuietYaml yaml(text);
  YamlEntry out;
  auto doc = yaml.stream.begin();
  if (doc == yaml.stream.end()) return out;
  llvm::yaml::Node* node = doc->getRoot();
  for (const std::string& key : keys) {
    auto* map = llvm::dyn_cast_or_null<MappingNode>(node);
    if (!map) return {YamlEntry::Other, {}};
    // The stream is read once, forward: the value is read where it is met.
    llvm::yaml::Node* next = nullptr;
    for (auto& kv : *map)
      if (scalar(kv.getKey()) == key) {
        next = kv.getValue();
        break;
      }
    if (yaml.stream.failed()) return {YamlEntry::Other, {}};
    if (!next) return out;
    node = next;
  }
  if (!llvm::isa_and_nonnull<ScalarNode>(node)) return {YamlEntry::Other, {}};
  return {YamlEntry::Scalar, scalarAt(node, yaml.sm)};
}

bool isLauncherPath(const std::string& path) {
  std::filesystem::path p(path);
  std::string extension = p.extension().string();
  if (extension == ".sh" || extension == ".bash" || extension == ".mk") return true;
  std::string name = p.filename().string();
  for (std::string_view makefile : {"Makefile", "makefile", "GNUmakefile"})
    if (name == makefile || name.rfind(std::string(makefile) + ".", 0) == 0) return true;
  return false;
}

std::vector<StrategySource> yamlTrainerStrategies(const std::string& path,
                                                  const std::string& text) {
  std::vector<StrategySource> out;
  for (const YamlScalar& s : yamlTrainerStrategyValues(path, text))
    out.push_back({Strategy::DeepSpeed, path, s.line, {}});
  return out;
}

}  // namespace lightfix
