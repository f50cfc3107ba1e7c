#include "rules/rule.h"

namespace lightfix {

// Each rule's matcher (matchers/<slug>.cpp) and fixer (fixers/<slug>.cpp).
void matchBackwardBeforeSetup(const FileContext&, std::vector<Finding>&);
std::optional<Fix> fixBackwardBeforeSetup(const FileContext&, const Finding&);
void matchBackwardAmbiguousModel(const FileContext&, std::vector<Finding>&);
std::optional<Fix> fixBackwardAmbiguousModel(const FileContext&, const Finding&);
void matchTrainingStepReturnsNone(const FileContext&, std::vector<Finding>&);
std::optional<Fix> fixTrainingStepReturnsNone(const FileContext&, const Finding&);

const std::vector<Rule>& allRules() {
  static const std::vector<Rule> rules = {
      {"LF001",
       "backward-before-setup",
       "`fabric.backward()` before any `fabric.setup()` under DeepSpeed",
       "No models were set up for backward. Did you forget to call `fabric.setup()`?",
       R"(No models were set up for backward\. Did you forget to call `fabric\.setup\(\)`\?)",
       {"backward"},
       matchBackwardBeforeSetup,
       fixBackwardBeforeSetup},
      {"LF002",
       "backward-ambiguous-model",
       "`fabric.backward()` without `model=` after several set-ups under DeepSpeed",
       "When using multiple models + deepspeed, please provide the model used to perform the "
       "optimization: `self.backward(loss, model=model)`",
       R"(When using multiple models \+ deepspeed, please provide the model used to perform the optimization: `self\.backward\(loss, model=model\)`)",
       {"backward"},
       matchBackwardAmbiguousModel,
       fixBackwardAmbiguousModel},
      {"LF003",
       "training-step-returns-none",
       "`training_step` returns `None` in automatic optimization under DeepSpeed",
       "Skipping backward by returning `None` from your `training_step` is not supported by "
       "`DeepSpeed`",
       R"(Skipping backward by returning `None` from your `training_step` is not supported by `DeepSpeed`)",
       {"training_step"},
       matchTrainingStepReturnsNone,
       fixTrainingStepReturnsNone},
  };
  return rules;
}

const Rule* findRule(std::string_view code) {
  for (const Rule& r : allRules())
    if (r.code == code) return &r;
  return nullptr;
}

}  // namespace lightfix
