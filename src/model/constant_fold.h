#pragma once
// Values a linter can compute from the program's text, as the design asks:
// literals, names bound to them on every path, arithmetic, comparisons,
// `and`/`or`/`not`, and what Lightning derives from a Fabric's constructor
// (`fabric.world_size` = devices × num_nodes; `global_rank` and
// `is_global_zero` once that is 1). Anything else is unknown, never guessed.

#include "python/node.h"

#include <cstdint>
#include <optional>
#include <string>

namespace lightfix {

class FileModel;

struct Constant {
  enum Kind { Int, Bool, Str, None } kind = None;
  int64_t number = 0;  // Int, and Bool as 0 or 1
  std::string text;    // Str

  bool truthy() const;
  bool operator==(const Constant& other) const;
};

struct FoldOptions {
  // Fabric attributes need the project's Fabrics attached: off while the
  // model is being built.
  bool fabricFacts = false;
  // A LightningModule hook Lightning calls with `(batch, batch_idx)`
  // (`training_step`): a later parameter takes its default there
  // (`save_mask=False`), unless it is one Lightning 1 passes when the
  // signature asks (`optimizer_idx`, `hiddens`).
  Node lightningHook{};
};

std::optional<Constant> foldConstant(Node expr, Node scope, const FileModel& m,
                                     FoldOptions options = {});
std::optional<bool> foldCondition(Node expr, Node scope, const FileModel& m,
                                  FoldOptions options = {});

// How a loop's body or a `try` body between counts for branchesRun(): as
// uncertain (an assignment there may run no time, or not last), or as run
// (a set-up in a training loop has run by the loop's end).
enum class LoopBodies { Uncertain, Run };

struct ReachingAssignments;

// Whether `n` runs whenever its ancestor `upTo` does, as far as the `if`s
// between tell: false when one's condition folds to skip its branch; true
// when each if between folds to take it and nothing else between makes it
// conditional (an except handler, `x if c else y`, and by `loops` a loop's
// body or a `try` body that may raise first); else unknown.
std::optional<bool> branchesRun(Node n, Node upTo, const FileModel& m, FoldOptions options = {},
                                LoopBodies loops = LoopBodies::Uncertain);

// The assignments of `reaching` (to a name in `scope`) a run can take, the
// branches the program's constants decide folded: one never taken is
// dropped; one that always runs hides those before it, and the value is
// then set on every path.
ReachingAssignments takenAssignments(const ReachingAssignments& reaching, Node scope,
                                     const FileModel& m);

}  // namespace lightfix
