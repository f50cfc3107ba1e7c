// LF014 in a Lightning CLI or Hydra YAML config: `trainer: {strategy:
// deepspeed_stage_1_offload}`, a name only Fabric registers. The fix writes
// the Trainer's DeepSpeedStrategy as the file's reader builds objects (a
// `class_path` for LightningCLI, a `_target_` for Hydra) from the package
// that reader uses; where that is not known, it only reports.

#include <fmt/format.h>
#include <llvm/ADT/StringRef.h>

#include <set>
#include <string>

#include "matchers/trainer_strategy_name_invalid.h"
#include "model/config_files.h"
#include "model/lightning_classes.h"
#include "rules/finding.h"
#include "rules/rule.h"
#include "semantics/imports.h"

namespace lightfix {

namespace {

// How the file's reader builds a strategy object: Hydra (`_target_`) or
// LightningCLI (`class_path`), and from which package (empty: unknown).
struct Spelling {
  bool hydra = false;
  std::string package;
};

Spelling spellingOf(const ConfigContext& ctx) {
  YamlObjectNames names = yamlObjectNames(ctx.text);
  const ConfigReaders& readers = ctx.readers;
  // A Hydra group config that names no class itself (one extending another)
  // is read as its group's Trainer is: its siblings say. Without them, a
  // `trainer/` file may as well be a LightningCLI `--trainer` config.
  // A `# @package` header is Hydra's alone.
  bool packageHeader =
      ctx.text.rfind("# @package", 0) == 0 || ctx.text.find("\n# @package") != std::string::npos;
  Spelling out;
  out.hydra = names.hydra || (!names.cli && (!readers.hydraPackage.empty() || packageHeader));
  if (names.hydra && names.cli) return out;                                  // both: unclear
  if (out.hydra && !names.hydra && !readers.cliPackage.empty()) return out;  // which reader?
  std::set<std::string> packages;
  for (const std::string& name : names.classes)
    if (std::string package = trainerPackageOf(name); !package.empty()) packages.insert(package);
  const std::string& reader = out.hydra ? readers.hydraPackage : readers.cliPackage;
  if (!reader.empty()) packages.insert(reader);
  if (packages.size() == 1) out.package = *packages.begin();
  return out;
}

// Fabric's registry defines the name as `stage=1, offload_optimizer=True`.
std::string strategyObject(const Spelling& spelling, const std::string& package) {
  std::string strategyClass = package + ".strategies.DeepSpeedStrategy";
  return spelling.hydra ? "{_target_: " + strategyClass + ", stage: 1, offload_optimizer: true}"
                        : "{class_path: " + strategyClass +
                              ", init_args: {stage: 1, offload_optimizer: true}}";
}

}  // namespace

std::vector<Finding> matchYamlStrategyName(const ConfigContext& ctx) {
  std::vector<Finding> out;
  for (const YamlScalar& s : yamlTrainerStrategyValues(ctx.path, ctx.text)) {
    // Lightning lower-cases strategy names.
    if (!llvm::StringRef(s.value).equals_insensitive("deepspeed_stage_1_offload") || s.length == 0)
      continue;
    Finding f;
    f.start = s.offset;
    f.end = s.offset + s.length;
    f.message = fmt::format(
        "`deepspeed_stage_1_offload` is a Fabric strategy name, not the Trainer's; the Trainer "
        "raises \"{}\"",
        ctx.rule.quoted());
    Spelling spelling = spellingOf(ctx);
    if (!spelling.package.empty()) {
      std::string object = strategyObject(spelling, spelling.package);
      Fix fix;
      fix.message = "Write `" + object + "`" + kOffloadNote;
      // Offloading, DeepSpeed takes only its own optimizer: the module's may
      // have to change too.
      fix.applicability = Applicability::Unsafe;
      llvm::cantFail(
          fix.edits.add(clang::tooling::Replacement(ctx.path, s.offset, s.length, object)));
      f.fix = std::move(fix);
    } else {
      // Without a fix, the spelling to write, for the package you use.
      f.message += " (write `strategy: " + strategyObject(spelling, "lightning.pytorch") + "`)";
    }
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace lightfix
