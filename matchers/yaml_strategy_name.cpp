// LF014 in a Lightning CLI or Hydra YAML config: `trainer: {strategy:
// deepspeed_stage_1_offload}`, a name only Fabric registers. The fix writes
// the Trainer's DeepSpeedStrategy as the file's reader builds objects (a
// `class_path` for LightningCLI, a `_target_` for Hydra) from the package
// that reader uses; where that is not known, it only reports.

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/YAMLParser.h>

#include <cctype>
#include <set>
#include <string>

#include "model/config_files.h"
#include "rules/finding.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

// How the file names classes, and from which Lightning package.
struct Readers {
  bool hydra = false;              // `_target_:` keys
  bool cli = false;                // `class_path:` keys
  std::set<std::string> packages;  // `lightning.pytorch`, `pytorch_lightning`
};

std::string packageOf(const std::string& qualified) {
  if (qualified.rfind("lightning.pytorch.", 0) == 0) return "lightning.pytorch";
  if (qualified.rfind("pytorch_lightning.", 0) == 0) return "pytorch_lightning";
  // `lightning.Trainer`: the unified package re-exports the Trainer's side.
  if (qualified.rfind("lightning.", 0) == 0 && qualified.rfind("lightning.fabric", 0) != 0)
    return "lightning.pytorch";
  return {};
}

std::string scalarText(llvm::yaml::Node* node) {
  auto* s = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(node);
  if (!s) return {};
  llvm::SmallString<64> storage;
  return s->getValue(storage).str();
}

void collect(llvm::yaml::Node* node, Readers& out) {
  if (auto* map = llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(node)) {
    for (auto& kv : *map) {
      std::string key = scalarText(kv.getKey());
      llvm::yaml::Node* value = kv.getValue();
      if (key == "_target_" || key == "class_path") {
        (key == "_target_" ? out.hydra : out.cli) = true;
        if (std::string package = packageOf(scalarText(value)); !package.empty())
          out.packages.insert(package);
      } else {
        collect(value, out);
      }
    }
  } else if (auto* list = llvm::dyn_cast_or_null<llvm::yaml::SequenceNode>(node)) {
    for (llvm::yaml::Node& item : *list) collect(&item, out);
  }
}

Readers readersOf(const std::string& text) {
  Readers out;
  llvm::SourceMgr sm;
  sm.setDiagHandler([](const llvm::SMDiagnostic&, void*) {}, nullptr);
  llvm::yaml::Stream stream(text, sm);
  for (llvm::yaml::Document& doc : stream) collect(doc.getRoot(), out);
  return out;
}

// Fabric's registry defines the name as `stage=1, offload_optimizer=True`.
std::optional<Fix> objectFix(const ConfigContext& ctx, const YamlStrategy& s) {
  Readers readers = readersOf(ctx.text);
  if (readers.hydra == readers.cli && readers.hydra) return std::nullopt;  // both: unclear
  if (!readers.hydra && !ctx.cliPackage.empty()) readers.packages.insert(ctx.cliPackage);
  if (readers.packages.size() != 1) return std::nullopt;
  std::string strategyClass = *readers.packages.begin() + ".strategies.DeepSpeedStrategy";
  std::string object =
      readers.hydra
          ? "{_target_: " + strategyClass + ", stage: 1, offload_optimizer: true}"
          : "{class_path: " + strategyClass + ", init_args: {stage: 1, offload_optimizer: true}}";
  Fix fix;
  fix.message = "Write `" + object + "`";
  llvm::cantFail(fix.edits.add(clang::tooling::Replacement(ctx.path, s.offset, s.length, object)));
  return fix;
}

}  // namespace

std::vector<Finding> matchYamlStrategyName(const ConfigContext& ctx) {
  std::vector<Finding> out;
  for (const YamlStrategy& s : yamlTrainerStrategyValues(ctx.path, ctx.text)) {
    std::string name = s.value;  // Lightning lower-cases strategy names
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (name != "deepspeed_stage_1_offload" || s.length == 0) continue;
    Finding f;
    f.code = "LF014";
    f.start = s.offset;
    f.end = s.offset + s.length;
    f.message =
        "`deepspeed_stage_1_offload` is a Fabric strategy name, not the Trainer's; the Trainer "
        "raises \"You selected an invalid strategy name: "
        "`strategy='deepspeed_stage_1_offload'`\"";
    f.fix = objectFix(ctx, s);
    // Without a fix, the spelling to write, for the package of your CLI.
    if (!f.fix)
      f.message +=
          " (write `strategy: {class_path: lightning.pytorch.strategies.DeepSpeedStrategy, "
          "init_args: {stage: 1, offload_optimizer: true}}`)";
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace lightfix
