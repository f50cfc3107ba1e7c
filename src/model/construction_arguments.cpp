#include "model/construction_arguments.h"

#include <fmt/format.h>

#include "core/source_file.h"
#include "model/file_model.h"
#include "model/instance_attributes.h"
#include "model/strategy.h"
#include "python/node.h"

namespace lightfix {

// How many dicts a value is followed through (`hp["precision"]` holding
// `args["precision"]`).
constexpr int kMaxDictHops = 3;

// `callbacks=args.callbacks` (or `getattr(args, "callbacks", [])`): an
// option's default, when `args` holds the parsed arguments;
// `precision=hp["precision"]`: what the dict `hp` holds there, and
// `args["precision"]` (`args = vars(parser.parse_args())`) the option's
// default.
static KeyValues readThrough(const KeyValues& kv, int depth) {
  KeyValues out{{}, kv.complete};
  for (const KeyValue& v : kv.values) {
    if (!v.model) {
      out.values.push_back(v);
      continue;
    }
    std::string_view source = v.model->file().text();
    std::string key;
    // `args.precision`, `getattr(args, "precision", 32)`: argparse sets
    // every option it declares, so a fallback is never read.
    if (AttributeRead attribute; asAttributeRead(v.node, source, attribute)) {
      std::optional<KeyValue> given =
          argparseDefault(attribute.object, attribute.name, v.scope, *v.model);
      // `precision=cfg.precision` with `cfg = TrainConfig()`: what its class sets.
      if (!given)
        if (InstanceAttribute held = instanceAttribute(v.node, v.scope, *v.model); held.file)
          given = KeyValue{held.value, held.scope, held.file};
      out.values.push_back(given ? *given : v);
    } else if (is(v.node, "subscript") && depth < kMaxDictHops &&
               stringLiteral(field(v.node, "subscript"), source, key)) {
      Node dict = field(v.node, "value");
      KeyValues held = keyValuesAt(dict, {key}, v.node, v.scope, *v.model);
      if (!held.values.empty()) {
        KeyValues read = readThrough(held, depth + 1);
        out.values.insert(out.values.end(), read.values.begin(), read.values.end());
        out.complete = out.complete && read.complete;
      } else if (std::optional<KeyValue> given = argparseDefault(dict, key, v.scope, *v.model)) {
        out.values.push_back(*given);
      } else {
        out.values.push_back(v);
      }
    } else {
      out.values.push_back(v);
    }
  }
  return out;
}

KeyValues constructionKeyword(Node call, const std::string& name, const FileModel& model) {
  KeyValues kv = keywordValues(call, name, model);
  Node parsed{};
  if (isNull(keywordArgument(field(call, "arguments"), name, model.file().text())))
    parsed = model.parsedArgumentsOf(call);
  if (!isNull(parsed)) {
    std::optional<KeyValue> given =
        argparseDefault(parsed, name, model.bindings().scopeOf(call), model);
    return given ? KeyValues{{*given}, true} : kv;
  }
  return readThrough(kv, 0);
}

std::string writtenAt(Node value, std::string_view source) {
  Node entry = parentOf(value);
  std::string written = fmt::format("`{}`", textOf(entry, source));
  if (!is(entry, "keyword_argument") || textOf(field(entry, "name"), source) != "default")
    return written;
  // `add_argument("--precision", default=64)`: its flag.
  for (Node arg : positionalArguments(parentOf(entry))) {
    std::string flag;
    if (stringLiteral(arg, source, flag) && flag.rfind("--", 0) == 0)
      return fmt::format("{} of `{}`", written, flag);
  }
  return written;
}

std::optional<LoadedYamlValue> constructionYamlKeyword(Node call, const std::string& name,
                                                       const FileModel& model, Node* splat) {
  std::string_view source = model.file().text();
  Node arguments = field(call, "arguments");
  Node scope = model.bindings().scopeOf(call);
  // `gradient_clip_algorithm=conf["training"]["gradient_clip_algorithm"]`.
  if (Node written = keywordArgument(arguments, name, source); !isNull(written)) {
    LoadedYamlValue loaded = loadedYamlValue(written, scope, model);
    if (!loaded.loaded) return std::nullopt;
    if (splat) *splat = parentOf(written);
    return loaded;
  }
  for (Node arg : namedChildren(arguments)) {
    if (!is(arg, "dictionary_splat")) continue;
    Node dict = namedChild(arg, 0);
    LoadedYamlValue loaded = loadedYamlValue(dict, scope, model, {name});
    if (!loaded.loaded) continue;
    if (splat) *splat = arg;
    return loaded;
  }
  return std::nullopt;
}

Node keywordPlace(Node call, const std::string& name, std::string_view source) {
  Node value = keywordArgument(field(call, "arguments"), name, source);
  return isNull(value) ? call : parentOf(value);
}

std::vector<const LauncherFlag*> constructionLauncherKeyword(Node call, const std::string& name,
                                                             const FileModel& model) {
  if (!model.index()) return {};
  std::string_view source = model.file().text();
  Node written = keywordArgument(field(call, "arguments"), name, source);
  std::string dest = name;
  if (isNull(written)) {
    if (isNull(model.parsedArgumentsOf(call))) return {};
  } else {
    // `precision=args.precision`, `args` the parsed arguments declaring it.
    AttributeRead read;
    if (!asAttributeRead(written, source, read)) return {};
    dest = read.name;
    if (!argparseDefault(read.object, dest, model.bindings().scopeOf(call), model)) return {};
  }
  return model.index()->launcherFlags("--" + dest, model.file().path());
}

std::optional<TrainerInstance> launchedTrainer(const TrainerInstance& trainer,
                                               const LauncherFlag& flag, const FileModel& model) {
  if (trainer.strategy.kind == Strategy::DeepSpeed) return trainer;
  if (trainer.strategy.kind != Strategy::MaybeDeepSpeed || trainer.strategy.externalPath.empty() ||
      !model.index())
    return std::nullopt;
  const LauncherFlag* selects = model.index()->launcherSelectingDeepSpeed(flag.path);
  if (!selects) return std::nullopt;
  TrainerInstance launched = trainer;
  launched.strategy.externalPath = selects->path;
  launched.strategy.externalLine = selects->line;
  return launched;
}

}  // namespace lightfix
