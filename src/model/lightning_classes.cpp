#include "model/lightning_classes.h"

#include <algorithm>
#include <iterator>

namespace lightfix {

namespace {

// Sorted by name, then module.
constexpr LightningClass kClasses[] = {
#include "model/lightning_classes.inc"
};

bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// `lightning.fabric…` and `lightning_fabric…` name Fabric's half;
// `lightning.pytorch…`, `pytorch_lightning…` and plain `lightning.X` the
// Trainer's (where both halves define X, the kind is the same).
bool fabricHalf(std::string_view qualified) {
  return startsWith(qualified, "lightning.fabric.") || startsWith(qualified, "lightning_fabric.");
}

}  // namespace

const LightningClass* lightningClass(std::string_view qualified) {
  std::string_view root = qualified.substr(0, qualified.find('.'));
  if (root != "lightning" && root != "pytorch_lightning" && root != "lightning_fabric")
    return nullptr;
  size_t dot = qualified.rfind('.');
  std::string_view leaf = dot == std::string_view::npos ? qualified : qualified.substr(dot + 1);
  auto [first, last] = std::equal_range(
      std::begin(kClasses), std::end(kClasses), LightningClass{leaf, {}, {}, false},
      [](const LightningClass& a, const LightningClass& b) { return a.name < b.name; });
  if (first == last) return nullptr;
  for (auto it = first; it != last; ++it)
    if (startsWith(it->module, "lightning.fabric.") == fabricHalf(qualified)) return &*it;
  return &*first;
}

static std::string_view rootOf(std::string_view q) { return q.substr(0, q.find('.')); }
static std::string_view leafOf(std::string_view q) {
  size_t dot = q.rfind('.');
  return dot == std::string_view::npos ? q : q.substr(dot + 1);
}
static bool inPackages(std::string_view q, std::initializer_list<std::string_view> roots) {
  for (std::string_view r : roots)
    if (rootOf(q) == r) return true;
  return false;
}

static bool isKind(std::string_view q, LightningKind kind) {
  const LightningClass* c = lightningClass(q);
  return c && c->kind == kind;
}

bool isFabricClass(std::string_view q) {
  // LightningLite is what Fabric was called before Lightning 2.0.
  return (isKind(q, LightningKind::Fabric) && inPackages(q, {"lightning", "lightning_fabric"})) ||
         (leafOf(q) == "LightningLite" &&
          inPackages(q, {"lightning", "pytorch_lightning", "lightning_lite"}));
}
bool isPytorchLightningLite(std::string_view q) {
  return leafOf(q) == "LightningLite" && inPackages(q, {"pytorch_lightning"});
}
bool isTrainerClass(std::string_view q) {
  return leafOf(q) == "Trainer" && inPackages(q, {"lightning", "pytorch_lightning"});
}
bool isLightningModuleClass(std::string_view q) {
  return isKind(q, LightningKind::LightningModule) &&
         inPackages(q, {"lightning", "pytorch_lightning"});
}
bool isDeepSpeedStrategyClass(std::string_view q) {
  // `DeepSpeedPlugin`: pytorch_lightning 1.x's name for it (before 1.6).
  return (leafOf(q) == "DeepSpeedStrategy" &&
          inPackages(q, {"lightning", "lightning_fabric", "pytorch_lightning"})) ||
         (leafOf(q) == "DeepSpeedPlugin" && inPackages(q, {"pytorch_lightning"}));
}
std::string trainerPackageOf(std::string_view q) {
  auto starts = [&](std::string_view prefix) { return q.substr(0, prefix.size()) == prefix; };
  if (starts("pytorch_lightning.")) return "pytorch_lightning";
  if (starts("lightning.") && !starts("lightning.fabric")) return "lightning.pytorch";
  return {};
}

bool isOtherStrategyClass(std::string_view q) {
  std::string_view leaf = leafOf(q);
  auto endsWith = [&](std::string_view tail) {
    return leaf.size() > tail.size() && leaf.substr(leaf.size() - tail.size()) == tail;
  };
  if (isDeepSpeedStrategyClass(q)) return false;
  // pytorch_lightning 1.x's training type plugins (`DDPPlugin`, `DDPSpawnPlugin`).
  if (endsWith("Plugin"))
    return inPackages(q, {"pytorch_lightning"}) && leaf.find("DeepSpeed") == std::string_view::npos;
  return endsWith("Strategy") &&
         inPackages(q, {"lightning", "lightning_fabric", "pytorch_lightning"});
}

}  // namespace lightfix
