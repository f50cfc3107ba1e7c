#pragma once
// How far lightfix follows a program, in one place. Each bound keeps a
// check of pathological code (a chain of a thousand aliases, two helpers
// calling each other) finite and sits well above what training code needs:
// a longer chain is followed only as far as the bound, and reads as unknown
// beyond it (a possible DeepSpeed, a finding without a fix), never as clean.

#include <cstddef>

namespace lightfix {

// Names followed through assignments to the expression that made a value.
inline constexpr int kMaxTraceDepth = 16;
// Calls followed from a parameter to what its callers pass, and into the
// helpers a function calls (Fabrics, set-ups and their results).
inline constexpr int kMaxCallDepth = 8;
// Ways into a function, each with the set-ups it ran, before they are merged.
inline constexpr size_t kMaxWays = 32;
// `from x import *` followed through modules that star-import others.
inline constexpr int kMaxStarImportChain = 8;
// `__init__.py` re-exports followed to the module that defines a name.
inline constexpr int kMaxReexports = 8;
// Steps taken evaluating a `strategy=` value (names, callers, argparse).
inline constexpr int kMaxStrategyDepth = 12;
// Project classes between a strategy class and Lightning's base.
inline constexpr int kMaxStrategyBases = 4;
// Helpers returning a value followed: the parsed arguments (`args =
// get_args()`), the module a Trainer fits (`model = build_model(cfg)`).
inline constexpr int kMaxHelperReturns = 4;
// Paths and helper returns followed to the calls that built one Trainer.
inline constexpr int kMaxTrainerOrigins = 16;
// Dicts, callers' `**kwargs` and nested keys followed for one key's value.
inline constexpr int kMaxDictDepth = 8;
// Passes linking a project: Fabric subclasses across files, and
// LightningModule bases across files, each to a fixpoint or this many.
inline constexpr int kMaxFabricSubclassPasses = 8;
inline constexpr int kMaxModuleBasePasses = 8;
// Base classes searched for a LightningModule's `training_step`.
inline constexpr int kMaxBaseClasses = 6;
// Delegations followed from `training_step` (`return self._step(...)`).
inline constexpr int kMaxDelegations = 2;
// Callers climbed to find where a set-up belongs.
inline constexpr int kMaxSetupCallers = 4;
// C++: helpers followed from a training loop (their `zero_grad`, their
// `NoGradGuard`), and steps back to where a loss tensor was computed.
inline constexpr int kMaxCxxHelpers = 3;
inline constexpr int kMaxCxxTrace = 6;
// The largest JSON file read as a possible DeepSpeed config (they are a
// few hundred bytes; larger ones are data).
inline constexpr std::size_t kMaxJsonConfigBytes = 256 * 1024;
// Installed packages read for base classes: the files per run, the size
// of one, and the classes and re-exports followed from a project's base.
inline constexpr std::size_t kMaxInstalledFiles = 256;
inline constexpr std::size_t kMaxInstalledFileBytes = 1024 * 1024;
inline constexpr int kMaxInstalledHops = 12;
// Hydra configs followed through defaults lists from a primary config.
inline constexpr int kMaxHydraDepth = 8;
// Folders climbed from a config to the root its `/trainer` group is in.
inline constexpr int kMaxHydraRootLevels = 3;
// Fix rounds: each re-checks the fixed text and fixes what the last exposed.
inline constexpr int kMaxFixRounds = 8;

}  // namespace lightfix
