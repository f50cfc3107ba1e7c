#pragma once
// Strategies chosen outside Python: Lightning CLI and Hydra YAML configs
// (`trainer: {strategy: deepspeed_stage_2}`, or a `class_path` naming
// DeepSpeedStrategy).

#include <cstdint>
#include <string>
#include <vector>

#include "model/project_model.h"

namespace lightfix {

// The DeepSpeed strategies a YAML config gives its Trainer, each with the
// line that names it. A file under a `trainer/` directory is a Hydra group
// whose top level is the Trainer's.
std::vector<StrategySource> yamlTrainerStrategies(const std::string& path, const std::string& text);

// The same, each with the scalar that names it and where it is.
struct YamlStrategy {
  std::string value;  // `deepspeed_stage_2`, or a `class_path`
  unsigned line = 0;
  uint32_t offset = 0;
  uint32_t length = 0;
};
std::vector<YamlStrategy> yamlTrainerStrategyValues(const std::string& path,
                                                    const std::string& text);

}  // namespace lightfix
