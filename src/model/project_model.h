#pragma once
// What lightfix knows across the files checked together: the Trainers and
// their strategies, so a LightningModule in model.py is judged by the
// Trainer in train.py.

#include <optional>
#include <string>
#include <vector>

#include "model/file_model.h"
#include "model/strategy.h"

namespace lightfix {

// Where a run selects DeepSpeed, resolved to a file and line for messages.
struct StrategySource {
  Strategy::Kind kind = Strategy::NotDeepSpeed;
  std::string path;
  unsigned line = 0;  // 0: from `--target-strategy`
};

StrategySource sourceOf(const Strategy& strategy, const SourceFile& file);
// "DeepSpeed (selected at line 8)", "DeepSpeed (maybe; selected at train.py:8)"…
std::string describe(const StrategySource& source, const std::string& fromPath);

class ProjectModel {
 public:
  explicit ProjectModel(ModelOptions options = {}) : options_(options) {}

  const ModelOptions& options() const { return options_; }

  void addTrainers(const FileModel& file);

  // The strategy LightningModules of `file` run with: the strongest among the
  // file's own Trainers, else among the project's; nothing when no Trainer is
  // seen (unless `--target-strategy deepspeed`).
  std::optional<StrategySource> trainerStrategyFor(const std::string& path) const;

 private:
  ModelOptions options_;
  std::vector<StrategySource> trainers_;
};

}  // namespace lightfix
