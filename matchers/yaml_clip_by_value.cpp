// LF012 in a Lightning CLI or Hydra YAML config: `trainer:
// {gradient_clip_algorithm: value}` where the same Trainer's `strategy:`
// names DeepSpeed (torchgeo's and NeMo's configs carry every Trainer
// argument). The fix clips by norm, as the Python one does.

#include <llvm/ADT/StringRef.h>

#include <string>

#include "matchers/yaml_findings.h"
#include "rules/finding.h"
#include "rules/rule.h"

namespace lightfix {

std::vector<Finding> matchYamlClipByValue(const ConfigContext& ctx) {
  std::optional<StrategySource> deepSpeed = yamlDeepSpeed(ctx);
  if (!deepSpeed) return {};  // its strategy comes from elsewhere, if at all
  std::vector<Finding> out;
  for (const YamlScalar& v : yamlTrainerValues(ctx.path, ctx.text, "gradient_clip_algorithm")) {
    // Lightning lower-cases the name before comparing.
    if (!llvm::StringRef(v.value).equals_insensitive("value") || v.length == 0) continue;
    Finding f = yamlFinding(ctx, v, *deepSpeed, "`gradient_clip_algorithm: value` under DeepSpeed",
                            ctx.rule.quoted());
    Fix fix;
    fix.message = "Clip by norm: `gradient_clip_algorithm: norm`";
    fix.applicability = Applicability::Unsafe;
    llvm::cantFail(
        fix.edits.add(clang::tooling::Replacement(ctx.path, v.offset, v.length, "norm")));
    f.fix = std::move(fix);
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace lightfix
