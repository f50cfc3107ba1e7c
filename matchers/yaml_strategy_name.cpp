// LF014 in a Lightning CLI or Hydra YAML config: `trainer: {strategy:
// deepspeed_stage_1_offload}`, a name only Fabric registers. Report only:
// the Trainer's spelling (`class_path:` of the pytorch or the
// pytorch_lightning package) depends on which CLI reads the file.

#include <cctype>

#include "model/config_files.h"
#include "rules/finding.h"

namespace lightfix {

std::vector<Finding> matchYamlStrategyName(const std::string& path, const std::string& text) {
  std::vector<Finding> out;
  for (const YamlStrategy& s : yamlTrainerStrategyValues(path, text)) {
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
        "`strategy='deepspeed_stage_1_offload'`\" (write `strategy: {class_path: "
        "lightning.pytorch.strategies.DeepSpeedStrategy, init_args: {stage: 1, "
        "offload_optimizer: true}}`)";
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace lightfix
