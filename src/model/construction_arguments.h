#pragma once
// A keyword of a `Trainer(...)` or `Fabric(...)` call wherever the program
// writes it: in the call, in the `**kwargs` dict it is given, as the default
// of the argparse option a `Trainer(**vars(args))` or
// `Trainer.from_argparse_args(args)` is made from, or in the YAML file whose
// section a script splats (`Trainer(**OmegaConf.load(path).trainer)`); so
// that every argument is read the way the strategy is.

#include "python/node.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/dict_values.h"
#include "model/loaded_yaml.h"
#include "model/project_index.h"

namespace lightfix {

class FileModel;
struct TrainerInstance;

// The Python values the keyword `name` may have in `call`: keywordValues(),
// each `args.option` among them read as that option's argparse default; or
// where the call is made from parsed arguments and does not write it, the
// argparse default of `--name`.
KeyValues constructionKeyword(Node call, const std::string& name, const FileModel& model);

// Where a value constructionKeyword() found is written, for a message:
// "`precision=\"64-true\"`", a dict's "`\"precision\": 64`", or
// "`default=64` of `--precision`".
std::string writtenAt(Node value, std::string_view source);

// The scalar a YAML file the script loads gives `name`, when `call` splats
// a section of it (`**cfg.trainer`) and writes no `name=` of its own, or
// reads it there (`name=cfg["training"]["name"]`); with the splatted
// argument or that keyword in `splat`.
std::optional<LoadedYamlValue> constructionYamlKeyword(Node call, const std::string& name,
                                                       const FileModel& model, Node* splat);

// Where a finding on the keyword `name` of `call` goes: its `name=` argument,
// or the call when it writes none.
Node keywordPlace(Node call, const std::string& name, std::string_view source);

// The launcher flags giving `name` to `call` when it is made from parsed
// arguments (`Trainer.from_argparse_args(args)`, `precision=args.precision`):
// `python train.py --precision 64` in a launcher that runs this script.
std::vector<const LauncherFlag*> constructionLauncherKeyword(Node call, const std::string& name,
                                                             const FileModel& model);

// `trainer` as the launcher passing `flag` runs it, when under DeepSpeed:
// with its strategy when that is DeepSpeed whatever the launcher, or, when a
// launcher selects it, with that launcher's own strategy flag cited; null
// when the launcher passing `flag` selects no DeepSpeed.
std::optional<TrainerInstance> launchedTrainer(const TrainerInstance& trainer,
                                               const LauncherFlag& flag, const FileModel& model);

}  // namespace lightfix
