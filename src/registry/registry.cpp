#include "registry/registry.h"

namespace lightfix {

// Each rule's matcher (matchers/<slug>.cpp) and fixer (fixers/<slug>.cpp).
void matchBackwardBeforeSetup(const FileContext&, std::vector<Finding>&);
std::optional<Fix> fixBackwardBeforeSetup(const FileContext&, const Finding&);
void matchBackwardAmbiguousModel(const FileContext&, std::vector<Finding>&);
std::optional<Fix> fixBackwardAmbiguousModel(const FileContext&, const Finding&);
void matchTrainingStepReturnsNone(const FileContext&, std::vector<Finding>&);
std::optional<Fix> fixTrainingStepReturnsNone(const FileContext&, const Finding&);
void matchSingleOptimizerDeepspeed(const FileContext&, std::vector<Finding>&);
void matchLbfgsDeepspeed(const FileContext&, std::vector<Finding>&);
void matchSetupNotJoint(const FileContext&, std::vector<Finding>&);
std::optional<Fix> fixSetupNotJoint(const FileContext&, const Finding&);
void matchLaunchMissing(const FileContext&, std::vector<Finding>&);
std::optional<Fix> fixLaunchMissing(const FileContext&, const Finding&);
void matchLossBackwardBypassesFabric(const FileContext&, std::vector<Finding>&);
std::optional<Fix> fixLossBackwardBypassesFabric(const FileContext&, const Finding&);
void matchBackwardModelNotSetUp(const FileContext&, std::vector<Finding>&);
std::optional<Fix> fixBackwardModelNotSetUp(const FileContext&, const Finding&);
void matchOptimizerStepsWrongEngine(const FileContext&, std::vector<Finding>&);
std::optional<Fix> fixOptimizerStepsWrongEngine(const FileContext&, const Finding&);
void matchClipGradientsDeepspeed(const FileContext&, std::vector<Finding>&);
std::optional<Fix> fixClipGradientsDeepspeed(const FileContext&, const Finding&);
void matchTrainerStrategyNameInvalid(const FileContext&, std::vector<Finding>&);
std::optional<Fix> fixTrainerStrategyNameInvalid(const FileContext&, const Finding&);
std::vector<Finding> matchYamlStrategyName(const ConfigContext& ctx);
void matchGradAccumulationInDeepspeedConfig(const FileContext&, std::vector<Finding>&);
std::optional<Fix> fixGradAccumulationInDeepspeedConfig(const FileContext&, const Finding&);
void matchClipByValueDeepspeed(const FileContext&, std::vector<Finding>&);
std::optional<Fix> fixClipByValueDeepspeed(const FileContext&, const Finding&);
void matchCompiledModelDeepspeed(const FileContext&, std::vector<Finding>&);
std::optional<Fix> fixCompiledModelDeepspeed(const FileContext&, const Finding&);
void matchEmptyInitFalseStage3(const FileContext&, std::vector<Finding>&);
std::optional<Fix> fixEmptyInitFalseStage3(const FileContext&, const Finding&);
void matchSaveFilterDeepspeed(const FileContext&, std::vector<Finding>&);
std::optional<Fix> fixSaveFilterDeepspeed(const FileContext&, const Finding&);
void matchDeepspeedNeedsCuda(const FileContext&, std::vector<Finding>&);
void matchPrecisionUnsupportedDeepspeed(const FileContext&, std::vector<Finding>&);
void matchCallbackUnsupportedDeepspeed(const FileContext&, std::vector<Finding>&);
// C++ rules, over clang's AST (matchers/<slug>.cpp, fixers/<slug>.cpp).
void matchMissingZeroGrad(const CxxContext&, std::vector<CxxFinding>&);
std::optional<Fix> fixMissingZeroGrad(const CxxContext&, const CxxFinding&);
void matchUndefinedLossBackward(const CxxContext&, std::vector<CxxFinding>&);
std::optional<Fix> fixUndefinedLossBackward(const CxxContext&, const CxxFinding&);
void matchBackwardUnderNoGrad(const CxxContext&, std::vector<CxxFinding>&);

const std::vector<Rule>& allRules() {
  static const std::vector<Rule> rules = {
      {"LF001",
       "backward-before-setup",
       "`fabric.backward()` before any `fabric.setup()` under DeepSpeed",
       "No models were set up for backward. Did you forget to call `fabric.setup()`?",
       // LightningLite (Lightning < 2.0) said `self.setup()`.
       R"(No models were set up for backward\. Did you forget to call `(fabric|self)\.setup\(\)`\?)",
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
      {"LF004",
       "setup-not-joint",
       "`fabric.setup_optimizers()` under DeepSpeed, which sets up model and optimizers jointly",
       "The `DeepSpeedStrategy` requires the model and optimizer(s) to be set up jointly through "
       "`.setup(model, optimizer, ...)`.",
       R"(The `DeepSpeedStrategy` requires the model and optimizer\(s\) to be set up jointly through `\.setup\(model, optimizer, \.\.\.\)`)",
       {"setup_optimizers"},
       matchSetupNotJoint,
       fixSetupNotJoint},
      {"LF005",
       "launch-missing",
       "A DeepSpeed Fabric set up (or `init_module`, `barrier`…) without `fabric.launch()`",
       "To use Fabric with more than one device, you must call `.launch()` or use the CLI: "
       "`fabric run --help`.",
       // Lightning < 2.2 named the CLI `lightning run model`.
       R"(To use Fabric with more than one device, you must call `\.launch\(\)` or use the CLI: `(fabric run|lightning run model) --help`)",
       {"setup", "init_module", "sharded_model", "barrier", "broadcast", "all_gather",
        "all_reduce"},
       matchLaunchMissing,
       fixLaunchMissing},
      {"LF006",
       "loss-backward-bypasses-fabric",
       "`loss.backward()` on a set-up model's output under DeepSpeed, not `fabric.backward(loss)`",
       "The current strategy and precision selection requires you to call `fabric.backward(loss)` "
       "instead of `loss.backward()`.",
       R"(The current strategy and precision selection requires you to call `fabric\.backward\(loss\)` instead of `loss\.backward\(\)`)",
       {"backward"},
       matchLossBackwardBypassesFabric,
       fixLossBackwardBypassesFabric},
      {"LF007",
       "backward-model-not-set-up",
       "`fabric.backward(loss, model=m)` with `m` the module before `fabric.setup()`",
       "AttributeError: 'GPT' object has no attribute '_forward_module'",
       // PyTorch's `nn.Module.__getattr__` names the module's class.
       R"('[A-Za-z_][A-Za-z0-9_]*' object has no attribute '_forward_module')",
       {"backward"},
       matchBackwardModelNotSetUp,
       fixBackwardModelNotSetUp},
      {"LF008",
       "optimizer-steps-wrong-engine",
       "`opt.step()` after a `self.backward(model=...)` of another model, in a LightningLite "
       "before 1.8 under DeepSpeed",
       // Lightning raises nothing; the text describes what happens, and its
       // pattern matches only this text, never a line of a real log.
       "lightfix LF008 (no error is raised): with pytorch_lightning before 1.8, under DeepSpeed "
       "`_LiteOptimizer.step` steps the engine that the last `self.backward(loss, model=...)` "
       "attached, whichever optimizer it is called on",
       R"(^lightfix LF008 \(no error is raised\): with pytorch_lightning before 1\.8, under DeepSpeed `_LiteOptimizer\.step` steps the engine)",
       {"step"},
       matchOptimizerStepsWrongEngine,
       fixOptimizerStepsWrongEngine},
      {"LF009",
       "clip-gradients-deepspeed",
       "`fabric.clip_gradients()` under DeepSpeed, which clips by its config's `gradient_clipping`",
       "DeepSpeed handles gradient clipping automatically within the optimizer. Make sure to set "
       "the `gradient_clipping` value in your Config.",
       R"(DeepSpeed handles gradient clipping automatically within the optimizer\. Make sure to set the `gradient_clipping` value in your Config)",
       {"clip_gradients"},
       matchClipGradientsDeepspeed,
       fixClipGradientsDeepspeed},
      {"LF010",
       "single-optimizer-deepspeed",
       "several optimizers or LR schedulers under DeepSpeed",
       "Currently only one optimizer is supported with DeepSpeed. Got 2 optimizers instead.",
       // Fabric's text, then the Trainer's.
       R"(Currently only one optimizer is supported with DeepSpeed\. Got [0-9]+ optimizers instead\.|DeepSpeed currently only supports single optimizer, single optional scheduler\.)",
       {"setup", "configure_optimizers"},
       matchSingleOptimizerDeepspeed,
       nullptr},
      {"LF011",
       "lbfgs-deepspeed",
       "`torch.optim.LBFGS` in a LightningModule under DeepSpeed",
       "DeepSpeed and the LBFGS optimizer are not compatible.",
       R"(DeepSpeed and the LBFGS optimizer are not compatible\.)",
       {"LBFGS"},
       matchLbfgsDeepspeed,
       nullptr},
      {"LF012",
       "clip-by-value-deepspeed",
       "`Trainer(gradient_clip_algorithm=\"value\")` under DeepSpeed",
       "DeepSpeed does not support clipping gradients by value.",
       R"(DeepSpeed does not support clipping gradients by value\.)",
       {"gradient_clip_algorithm"},
       matchClipByValueDeepspeed,
       fixClipByValueDeepspeed},
      {"LF013",
       "grad-accumulation-in-deepspeed-config",
       "`\"gradient_accumulation_steps\"` in the DeepSpeed config of a Trainer",
       "Do not set `gradient_accumulation_steps` in the DeepSpeed config as this will be set with "
       "the `accumulate_grad_batches` argument passed via the Lightning Trainer.",
       R"(Do not set `gradient_accumulation_steps` in the DeepSpeed config as this will be set with the `accumulate_grad_batches` argument)",
       {"gradient_accumulation_steps", "config="},  // the key, or a config file named
       matchGradAccumulationInDeepspeedConfig,
       fixGradAccumulationInDeepspeedConfig},
      {"LF014",
       "trainer-strategy-name-invalid",
       "a DeepSpeed strategy its side of Lightning does not know (a Fabric-only name, the other "
       "side's `DeepSpeedStrategy`)",
       "You selected an invalid strategy name: `strategy='deepspeed_stage_1_offload'`. It must be "
       "either a string or an instance of `lightning.pytorch.strategies.Strategy`.",
       R"(You selected an invalid strategy name: `strategy=('deepspeed[a-z0-9_]*'|<[^>]*DeepSpeedStrategy[^>]*>)`)",
       {"_1_", "DeepSpeedStrategy"},  // the name in any case
       matchTrainerStrategyNameInvalid,
       fixTrainerStrategyNameInvalid,
       matchYamlStrategyName},
      {"LF015",
       "compiled-model-deepspeed",
       "a `torch.compile`d model given to `Trainer.fit` under DeepSpeed",
       "Using a compiled model is incompatible with the current strategy: `DeepSpeedStrategy`. "
       "Only SingleDeviceStrategy, DDPStrategy, FSDPStrategy support compilation. Either switch "
       "to one of the supported strategies or avoid passing in compiled model.",
       R"(Using a compiled model is incompatible with the current strategy: `[A-Za-z_]*DeepSpeed[A-Za-z_]*`)",
       {"compile"},
       matchCompiledModelDeepspeed,
       fixCompiledModelDeepspeed},
      {"LF016",
       "empty-init-false-stage-3",
       "`init_module(empty_init=False)` under DeepSpeed ZeRO stage 3",
       "`empty_init=False` is not a valid choice with `DeepSpeedStrategy` when ZeRO stage 3 is "
       "enabled.",
       R"(`empty_init=False` is not a valid choice with `DeepSpeedStrategy` when ZeRO stage 3 is enabled\.)",
       {"empty_init"},
       matchEmptyInitFalseStage3,
       fixEmptyInitFalseStage3},
      {"LF017",
       "save-filter-deepspeed",
       "`fabric.save(..., filter=...)` under DeepSpeed",
       "`DeepSpeedStrategy.save_checkpoint(..., filter=...)` is not supported because "
       "`DeepSpeedStrategy` manages the state serialization internally.",
       R"(`DeepSpeedStrategy\.save_checkpoint\(\.\.\., filter=\.\.\.\)` is not supported)",
       {"save"},
       matchSaveFilterDeepspeed,
       fixSaveFilterDeepspeed},
      {"LF018",
       "deepspeed-needs-cuda",
       "`accelerator=\"cpu\"` with the DeepSpeed strategy",
       "The DeepSpeed strategy is only supported on CUDA GPUs but `CPUAccelerator` is used.",
       R"(The DeepSpeed strategy is only supported on CUDA GPUs but `[A-Za-z_]+` is used\.)",
       {"accelerator"},
       matchDeepspeedNeedsCuda,
       nullptr},
      {"LF019",
       "precision-unsupported-deepspeed",
       "a `precision=` DeepSpeed does not support (64-bit, Transformer Engine)",
       "`precision='64-true')` is not supported in DeepSpeed. `precision` must be one of: "
       "('32-true', '16-true', 'bf16-true', '16-mixed', 'bf16-mixed').",
       // Fabric's text, then the Trainer's.
       R"(`precision='[^']*'\)` is not supported in DeepSpeed\.|`Trainer\(strategy='deepspeed', precision='[^']*'\)` is not supported\.)",
       {"precision"},
       matchPrecisionUnsupportedDeepspeed,
       nullptr},
      {"LF020",
       "callback-unsupported-deepspeed",
       "a callback that refuses DeepSpeed (finetuning, SWA, gradient accumulation scheduling)",
       "The Finetuning callback does not support running with the DeepSpeed strategy. Choose a "
       "different strategy or disable the callback.",
       // BaseFinetuning, StochasticWeightAveraging, GradientAccumulationScheduler.
       R"(The Finetuning callback does not support running with the DeepSpeed strategy|SWA does not currently support sharded models|The `[A-Za-z_]*DeepSpeed[A-Za-z_]*` does not support `accumulate_grad_batches` changing between epochs)",
       {"Finetuning", "StochasticWeightAveraging", "GradientAccumulationScheduler"},
       matchCallbackUnsupportedDeepspeed,
       nullptr},
      {"LT001",
       "missing-zero-grad",
       "a C++ training loop steps an optimizer after `backward()` but never calls its "
       "`zero_grad()`",
       "",
       "",
       {"backward"},
       nullptr,
       nullptr,
       nullptr,
       matchMissingZeroGrad,
       fixMissingZeroGrad},
      {"LT002",
       "undefined-loss-backward",
       "a function returning `torch::Tensor` returns an undefined tensor (`torch::Tensor()`, "
       "`{}`) and a caller calls `backward()` on its result",
       "cannot call get_autograd_meta() on undefined tensor",
       "",
       {"backward"},
       nullptr,
       nullptr,
       nullptr,
       matchUndefinedLossBackward,
       fixUndefinedLossBackward},
      {"LT003",
       "backward-under-no-grad",
       "`backward()` on a loss computed under a `torch::NoGradGuard` (or "
       "`c10::AutoGradMode(false)`)",
       "element 0 of tensors does not require grad and does not have a grad_fn",
       "",
       {"NoGradGuard", "AutoGradMode"},
       nullptr,
       nullptr,
       nullptr,
       matchBackwardUnderNoGrad,
       nullptr},
  };
  return rules;
}

const Rule* findRule(std::string_view code) {
  for (const Rule& r : allRules())
    if (r.code == code) return &r;
  return nullptr;
}

}  // namespace lightfix
