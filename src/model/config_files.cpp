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

YamlStrategy strategyAt(llvm::yaml::Node* value, llvm::SourceMgr& sm, const std::string& text) {
  llvm::SMRange range = value->getSourceRange();
  YamlStrategy s;
  s.value = scalar(value);
  s.line = lineOf(sm, value);
  s.offset = static_cast<uint32_t>(range.Start.getPointer() - text.data());
  s.length = static_cast<uint32_t>(range.End.getPointer() - range.Start.getPointer());
  return s;
}

// `strategy:` inside a Trainer's mapping: a name, or `{class_path: ...}`.
void strategyIn(MappingNode* trainer, llvm::SourceMgr& sm, const std::string& text,
                std::vector<YamlStrategy>& out) {
  for (auto& kv : *trainer) {
    if (scalar(kv.getKey()) != "strategy") continue;
    llvm::yaml::Node* value = kv.getValue();
    if (isDeepSpeedName(scalar(value))) {
      out.push_back(strategyAt(value, sm, text));
    } else if (auto* m = llvm::dyn_cast_or_null<MappingNode>(value)) {
      for (auto& inner : *m)
        if (scalar(inner.getKey()) == "class_path" &&
            isDeepSpeedStrategyClass(scalar(inner.getValue())))
          out.push_back(strategyAt(inner.getValue(), sm, text));
    }
  }
}

}  // namespace

std::vector<YamlStrategy> yamlTrainerStrategyValues(const std::string& path,
                                                    const std::string& text) {
  std::vector<YamlStrategy> out;
  llvm::SourceMgr sm;
  // A malformed config is not ours to report; its errors go nowhere.
  sm.setDiagHandler([](const llvm::SMDiagnostic&, void*) {}, nullptr);
  llvm::yaml::Stream stream(text, sm);
  bool hydraGroup = std::filesystem::path(path).parent_path().filename() == "trainer";
  for (llvm::yaml::Document& doc : stream) {
    auto* top = llvm::dyn_cast_or_null<MappingNode>(doc.getRoot());
    if (!top) continue;
    if (hydraGroup) strategyIn(top, sm, text, out);
    for (auto& kv : *top)
      if (scalar(kv.getKey()) == "trainer")
        if (auto* trainer = llvm::dyn_cast_or_null<MappingNode>(kv.getValue()))
          strategyIn(trainer, sm, text, out);
  }
  return out;
}

std::vector<StrategySource> yamlTrainerStrategies(const std::string& path,
                                                  const std::string& text) {
  std::vector<StrategySource> out;
  for (const YamlStrategy& s : yamlTrainerStrategyValues(path, text))
    out.push_back({Strategy::DeepSpeed, path, s.line, {}});
  return out;
}

}  // namespace lightfix
