#include "model/construction_arguments.h"

#include <fmt/format.h>

#include "core/source_file.h"
#include "model/file_model.h"
#include "model/strategy.h"
#include "python/node.h"

namespace lightfix {

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
  // `callbacks=args.callbacks`: an option's default, when `args` holds the
  // parsed arguments.
  for (KeyValue& v : kv.values) {
    if (!is(v.node, "attribute") || !v.model) continue;
    std::string dest(textOf(field(v.node, "attribute"), v.model->file().text()));
    if (std::optional<KeyValue> given =
            argparseDefault(field(v.node, "object"), dest, v.scope, *v.model))
      v = *given;
  }
  return kv;
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
  if (!isNull(keywordArgument(arguments, name, source))) return std::nullopt;
  for (Node arg : namedChildren(arguments)) {
    if (!is(arg, "dictionary_splat")) continue;
    Node dict = namedChild(arg, 0);
    LoadedYamlValue loaded = loadedYamlValue(dict, model.bindings().scopeOf(call), model, {name});
    if (!loaded.loaded) continue;
    if (splat) *splat = arg;
    return loaded;
  }
  return std::nullopt;
}

}  // namespace lightfix
