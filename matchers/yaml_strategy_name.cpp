// LF014 in a Lightning CLI or Hydra YAML config: `trainer: {strategy:
// deepspeed_stage_1_offload}`, a name only Fabric registers. The fix writes
// the Trainer's DeepSpeedStrategy as the file's reader builds objects (a
// `class_path` for LightningCLI, a `_target_` for Hydra) from the package
// that reader uses; where that is not known, it only reports.

#include <cctype>
#include <set>
#include <string>

#include "model/config_files.h"
#include "model/imports.h"
#include "rules/finding.h"
#include "rules/rule.h"

namespace lightfix {

namespace {

// Fabric's registry defines the name as `stage=1, offload_optimizer=True`.
std::optional<Fix> objectFix(const ConfigContext& ctx, const YamlStrategy& s) {
  YamlObjectNames names = yamlObjectNames(ctx.text);
  if (names.hydra && names.cli) return std::nullopt;  // both: unclear
  std::set<std::string> packages;
  for (const std::string& name : names.classes)
    if (std::string package = trainerPackageOf(name); !package.empty()) packages.insert(package);
  if (!names.hydra && !ctx.cliPackage.empty()) packages.insert(ctx.cliPackage);
  if (packages.size() != 1) return std::nullopt;
  std::string strategyClass = *packages.begin() + ".strategies.DeepSpeedStrategy";
  std::string object =
      names.hydra
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
