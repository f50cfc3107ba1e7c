#pragma once
// Which distributed strategy a `Fabric(...)` or `Trainer(...)` runs with, as
// far as the source tells: certainly DeepSpeed, maybe DeepSpeed, or not.

#include <tree_sitter/api.h>

#include <string>

namespace lightfix {

class Bindings;
class Imports;

struct Strategy {
  enum Kind { NotDeepSpeed, MaybeDeepSpeed, DeepSpeed };
  Kind kind = NotDeepSpeed;
  // The node that selected DeepSpeed (a literal, a `DeepSpeedStrategy(...)`,
  // an argparse default); null when it came from `--target-strategy`.
  TSNode evidence{};

  bool deepSpeed() const { return kind != NotDeepSpeed; }
};

// Evaluates a `strategy=` argument (null when there is none) in `scope`.
Strategy evaluateStrategy(TSNode expr, TSNode scope, const Bindings& bindings,
                          const Imports& imports, std::string_view source);

}  // namespace lightfix
