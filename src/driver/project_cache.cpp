#include "driver/project_cache.h"

#include <algorithm>
#include <filesystem>
#include <memory>

namespace fs = std::filesystem;

namespace lightfix {

std::optional<std::string> cacheKeyOf(const ProjectCheck& project,
                                      const std::vector<std::optional<std::string>>& configTexts,
                                      const RunOptions& options) {
  CacheKey key(options);
  for (const FileSlot& slot : project.slots) {
    if (slot.uncompiled()) {
      key.addUncompiled(slot.path);
      continue;
    }
    if (slot.cxx || slot.stage == SlotStage::ReadFailed || slot.path == "-") return std::nullopt;
    if (slot.context) {
      key.addContext(slot.path, slot.stage == SlotStage::TooLarge, slot.hash);
    } else if (slot.stage == SlotStage::TooLarge) {
      key.addSkipped(slot.path, slot.hash);
    } else {
      key.addFile(slot.path, slot.hash);
    }
  }
  for (size_t c = 0; c < project.configs.size(); ++c) {
    if (!configTexts[c]) return std::nullopt;
    if (c < project.checkedConfigs) {
      key.addFile(project.configs[c], contentHash(*configTexts[c]));
    } else {
      key.addContext(project.configs[c], false, contentHash(*configTexts[c]));
    }
  }
  return key.digest();
}

std::string cacheNameOf(const ProjectCheck& project) {
  if (!project.root.empty() || project.slots.empty()) return project.root;
  std::error_code ec;
  return fs::absolute(project.slots[0].path, ec).lexically_normal().parent_path().string();
}

CachedResult resultOf(const ProjectCheck& project) {
  CachedResult result;
  for (size_t k = 0; k < project.files.size(); ++k)
    if (!project.slots[k].outcome.empty()) result.files.emplace_back(k, project.slots[k].outcome);
  for (const FileReport& report : project.configReports) {
    auto it = std::find(project.configs.begin(), project.configs.end(), report.file->path());
    result.configs.emplace_back(static_cast<size_t>(it - project.configs.begin()), report);
  }
  return result;
}

bool replay(Progress& progress, ProjectCheck& project, CachedResult& hit,
            std::vector<std::optional<std::string>>& configTexts) {
  for (const auto& [k, outcome] : hit.files)
    if (k >= project.files.size() || (outcome.report && !project.slots[k].holdsText()))
      return false;
  for (const auto& [c, report] : hit.configs)
    if (c >= project.checkedConfigs || !configTexts[c]) return false;
  for (auto& [k, outcome] : hit.files) {
    if (outcome.report) {
      outcome.report->file =
          std::make_shared<SourceFile>(project.slots[k].path, std::move(project.slots[k].text));
      progress.findings += outcome.report->diagnostics.size();
    }
    project.outcomes.emplace_back(project.files[k], std::move(outcome));
  }
  for (auto& [c, report] : hit.configs) {
    report.file = std::make_shared<SourceFile>(project.configs[c], std::move(*configTexts[c]));
    project.configReports.push_back(std::move(report));
  }
  progress.done += project.files.size();
  std::vector<FileSlot>().swap(project.slots);
  return true;
}

}  // namespace lightfix
