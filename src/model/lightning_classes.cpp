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

}  // namespace lightfix
