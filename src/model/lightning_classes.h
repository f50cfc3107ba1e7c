#pragma once
// Lightning's own public classes that lightfix reasons about (LightningModule
// and its demos, callbacks, Fabric, strategies), from a table generated from
// Lightning's source by scripts/gen-lightning-classes: a user class deriving
// from `BoringModel` is a LightningModule as much as one deriving from
// `LightningModule`.

#include <string>
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

// Lightning's classes, recognised by qualified name whatever module path or
// package (`lightning`, `lightning.fabric`, `lightning_fabric`,
// `pytorch_lightning`) they were imported through.
bool isFabricClass(std::string_view qualified);
// `pytorch_lightning.lite.LightningLite`: through Lightning 1.7 its
// optimizers step the DeepSpeed engine the last backward attached (LF008).
bool isPytorchLightningLite(std::string_view qualified);
bool isTrainerClass(std::string_view qualified);
bool isLightningModuleClass(std::string_view qualified);
// `DeepSpeedStrategy` (or pytorch_lightning 1.x's `DeepSpeedPlugin`).
bool isDeepSpeedStrategyClass(std::string_view qualified);
// Any other Lightning strategy class (`DDPStrategy`, `FSDPStrategy`, …, and
// pytorch_lightning 1.x's `DDPPlugin`…).
bool isOtherStrategyClass(std::string_view qualified);
// The package of the Trainer's side a qualified name comes from:
// `pytorch_lightning`, or `lightning.pytorch` (also for `lightning.Trainer`,
// which the unified package re-exports); empty for Fabric's side or another.
std::string trainerPackageOf(std::string_view qualified);

}  // namespace lightfix
