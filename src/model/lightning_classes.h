#pragma once
// Lightning's own public classes that lightfix reasons about (LightningModule
// and its demos, callbacks, Fabric, strategies), from a table generated from
// Lightning's source by scripts/gen-lightning-classes: a user class deriving
// from `BoringModel` is a LightningModule as much as one deriving from
// `LightningModule`.

#include <string_view>

namespace lightfix {

enum class LightningKind {
  LightningModule,
  LightningDataModule,
  Callback,
  Fabric,
  Strategy,
  DeepSpeedStrategy,
};

struct LightningClass {
  std::string_view name;
  std::string_view module;  // where Lightning defines it (`lightning.pytorch.demos.boring_classes`)
  LightningKind kind;
  bool manualOptimization;  // a LightningModule that turns automatic optimization off
};

// The class a qualified name refers to, imported through any of Lightning's
// packages (`lightning`, `lightning.pytorch`, `pytorch_lightning`,
// `lightning_fabric`) and any re-export; or null.
const LightningClass* lightningClass(std::string_view qualified);

}  // namespace lightfix
