#include "model/config_files.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/YAMLParser.h>

#include <filesystem>

#include "model/imports.h"
#include "model/strategy.h"

namespace lightfix {

namespace {

using llvm::yaml::MappingNode;
using llvm::yaml::ScalarNode;

std::string scalar(llvm::yaml::Node* node) {
  auto* s = llvm::dyn_cast_or_null<ScalarNode>(node);
  if (!s) return {};
  llvm::SmallString<64> storage;
  return s->getValue(storage).str();
}

unsigned lineOf(llvm::SourceMgr& sm, llvm::yaml::Node* node) {
  return sm.getLineAndColumn(node->getSourceRange().Start).first;
}

// `strategy:` inside a Trainer's mapping: a name, or `{class_path: ...}`.
void strategyIn(MappingNode* trainer, llvm::SourceMgr& sm, const std::string& path,
                std::vector<StrategySource>& out) {
  for (auto& kv : *trainer) {
    if (scalar(kv.getKey()) != "strategy") continue;
    llvm::yaml::Node* value = kv.getValue();
    if (isDeepSpeedName(scalar(value))) {
      out.push_back({Strategy::DeepSpeed, path, lineOf(sm, value), {}});
    } else if (auto* m = llvm::dyn_cast_or_null<MappingNode>(value)) {
      for (auto& inner : *m)
        if (scalar(inner.getKey()) == "class_path" &&
            isDeepSpeedStrategyClass(scalar(inner.getValue())))
          out.push_back({Strategy::DeepSpeed, path, lineOf(sm, inner.getValue()), {}});
    }
  }
}

}  // namespace

std::vector<StrategySource> yamlTrainerStrategies(const std::string& path,
                                                  const std::string& text) {
  std::vector<StrategySource> out;
  llvm::SourceMgr sm;
  // A malformed config is not ours to report; its errors go nowhere.
  sm.setDiagHandler([](const llvm::SMDiagnostic&, void*) {}, nullptr);
  llvm::yaml::Stream stream(text, sm);
  bool hydraGroup = std::filesystem::path(path).parent_path().filename() == "trainer";
  for (llvm::yaml::Document& doc : stream) {
    auto* top = llvm::dyn_cast_or_null<MappingNode>(doc.getRoot());
    if (!top) continue;
    if (hydraGroup) strategyIn(top, sm, path, out);
    for (auto& kv : *top)
      if (scalar(kv.getKey()) == "trainer")
        if (auto* trainer = llvm::dyn_cast_or_null<MappingNode>(kv.getValue()))
          strategyIn(trainer, sm, path, out);
  }
  return out;
}

}  // namespace lightfix
