// LF012 in a Lightning CLI or Hydra YAML config: `trainer:
// {gradient_clip_algorithm: value}` where the same Trainer's `strategy:`
// names DeepSpeed (torchgeo's and NeMo's configs carry every Trainer
// argument). The fix clips by norm, as the Python one does.

#include <fmt/format.h>

#include <cctype>
#include <string>

#include "model/config_files.h"
#include "rules/finding.h"
#include "rules/rule.h"

namespace lightfix {

std::vector<Finding> matchYamlClipByValue(const ConfigContext& ctx) {
  std::vector<YamlStrategy> deepSpeed = yamlTrainerStrategyValues(ctx.path, ctx.text);
  if (deepSpeed.empty()) return {};  // its strategy comes from elsewhere, if at all
  std::vector<Finding> out;
  for (const YamlStrategy& v : yamlTrainerValues(ctx.path, ctx.text, "gradient_clip_algorithm")) {
    std::string name = v.value;  // Lightning lower-cases the name before comparing
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (name != "value" || v.length == 0) continue;
    Finding f;
    f.start = v.offset;
    f.end = v.offset + v.length;
    f.message = fmt::format(
        "`gradient_clip_algorithm: value` under DeepSpeed; DeepSpeed (selected at line {}) "
        "raises \"{}\"",
        deepSpeed.front().line, ctx.rule.quoted());
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
