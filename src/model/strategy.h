#pragma once
// Which distributed strategy a `Fabric(...)` or `Trainer(...)` runs with, as
// far as the project tells: certainly DeepSpeed, maybe DeepSpeed, or not.

#include "python/node.h"

#include <optional>
#include <string>
#include <string_view>

#include "model/dict_values.h"

namespace lightfix {

class FileModel;
class SourceFile;

struct Strategy {
  enum Kind { NotDeepSpeed, MaybeDeepSpeed, DeepSpeed };
  Kind kind = NotDeepSpeed;
  // What selected DeepSpeed: a node (a literal, a `DeepSpeedStrategy(...)`,
  // an argparse default) of `evidenceFile`, or a line of a file that is not
  // Python (a shell launcher); neither when it came from `--target-strategy`.
  Node evidence{};
  const SourceFile* evidenceFile = nullptr;
  std::string externalPath;
  unsigned externalLine = 0;
  // For a possible DeepSpeed: why it is only possible ("an argparse choice").
  std::string why;

  bool deepSpeed() const { return kind != NotDeepSpeed; }
};

// Where a run selects DeepSpeed, resolved to a file and line for messages.
struct StrategySource {
  Strategy::Kind kind = Strategy::NotDeepSpeed;
  std::string path;
  unsigned line = 0;  // 0: from `--target-strategy`
  std::string why;    // for a possible DeepSpeed
  unsigned cell = 0;  // a notebook's cell the line is in (Position::cell)
};

// Evaluates a `strategy=` argument (null when there is none) in `scope` of
// `model`'s file, following names, parameters and their callers (in any
// file of the project), argparse and pytest parametrize.
Strategy evaluateStrategy(Node expr, Node scope, const FileModel& model);

// Whether the node a DeepSpeed strategy cites selects DeepSpeed by itself (a
// name, a `DeepSpeedStrategy(...)`), not a value lightfix cannot read.
bool citesDeepSpeed(const Strategy& strategy, const FileModel& model);

// The strategy that `args.strategy` holds, for a Trainer made from parsed
// arguments (`Trainer.from_argparse_args(args)`, `Trainer(**vars(args))`).
Strategy evaluateStrategyArgument(Node args, Node scope, const FileModel& model);

// The default argparse gives `args.dest`, where `args = parser.parse_args()`
// (as `args.strategy` is read): its expression, in the file that writes it
// (a null node: no default, `None`); nothing when `args` is no parsed
// arguments or no `add_argument` or `set_defaults` gives `dest`.
std::optional<KeyValue> argparseDefault(Node args, const std::string& dest, Node scope,
                                        const FileModel& model);

// The strategy of a call given its keywords by `**kwargs`
// (`Trainer(**trainer_kwargs)`): DeepSpeed when every path the dict takes
// gives it, possibly when one does or when lightfix cannot read the dict.
Strategy evaluateSplatStrategy(Node call, const FileModel& model);

// The strategy a line of a config file (YAML) selects, as a Python value's.
Strategy strategyOfConfig(const StrategySource& config);

// `hydra.utils.instantiate(cfg.<group>, ...)` (or `cfg["<group>"]`,
// `hydra.utils.call`): an object a Hydra config group describes.
bool hydraInstantiates(Node call, const FileModel& model, std::string_view group);

// Maybe DeepSpeed, naming the launcher, when a launcher script of the
// project that may run the file of `model` overrides the Trainer Hydra
// composes with a DeepSpeed name (`python train.py
// trainer.strategy=deepspeed_stage_2`).
bool launcherOverridesHydraTrainer(const FileModel& model, Strategy& out);

// Whether a strategy name is one of DeepSpeed's (`deepspeed`,
// `deepspeed_stage_3_offload`…), as Lightning's registry reads it.
bool isDeepSpeedName(std::string_view name);

}  // namespace lightfix
