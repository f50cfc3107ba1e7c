#pragma once
// LF014 in a Lightning CLI or Hydra YAML config: `trainer: {strategy:
// deepspeed_stage_1_offload}`, a name only Fabric registers.

#include <string>
#include <vector>

#include "rules/finding.h"

namespace lightfix {

// Report only: the Trainer's spelling (`class_path:` of the pytorch or the
// pytorch_lightning package) depends on which CLI reads the file.
std::vector<Finding> matchYamlStrategyName(const std::string& path, const std::string& text);

}  // namespace lightfix
