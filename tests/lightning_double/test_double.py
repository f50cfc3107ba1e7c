"""Tests of the Lightning test double: it raises Lightning's exact errors for the rules of docs/rules/,
and runs the correct forms. Run: /usr/bin/python3 -m unittest discover -s tests/lightning_double"""
import contextlib
import io
import os
import re
import tempfile
import unittest
import unittest.mock
from pathlib import Path

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

import lightning as L
from lightning.fabric.strategies import DeepSpeedStrategy as FabricDeepSpeedStrategy
from lightning.fabric.utilities.types import Optimizable
from lightning.pytorch.callbacks import BackboneFinetuning, GradientAccumulationScheduler, StochasticWeightAveraging
from lightning.pytorch.strategies import DeepSpeedStrategy
from lightning.pytorch.utilities.exceptions import MisconfigurationException

INDEX = Path(__file__).resolve().parents[2] / "docs" / "rules" / "index.md"

# The texts Lightning 2.6.5 raises (the "Lightning raises" column of docs/rules/index.md, in full).
LF001 = "No models were set up for backward. Did you forget to call `fabric.setup()`?"
LF002 = ("When using multiple models + deepspeed, please provide the model used to perform the optimization:"
         " `self.backward(loss, model=model)`")
LF003 = "Skipping backward by returning `None` from your `training_step` is not supported by `DeepSpeed`"
LF004 = ("The `DeepSpeedStrategy` requires the model and optimizer(s) to be set up jointly through"
         " `.setup(model, optimizer, ...)`.")
LF005 = "To use Fabric with more than one device, you must call `.launch()` or use the CLI: `fabric run --help`."
LF006 = ("The current strategy and precision selection requires you to call `fabric.backward(loss)` instead of"
         " `loss.backward()`.")
LF007 = "'GPT' object has no attribute '_forward_module'"
LF009 = ("DeepSpeed handles gradient clipping automatically within the optimizer. Make sure to set the"
         " `gradient_clipping` value in your Config.")
LF010_FABRIC = "Currently only one optimizer is supported with DeepSpeed. Got 2 optimizers instead."
LF010_TRAINER = "DeepSpeed currently only supports single optimizer, single optional scheduler."
LF011 = "DeepSpeed and the LBFGS optimizer are not compatible."
LF012 = "DeepSpeed does not support clipping gradients by value."
LF013 = ("Do not set `gradient_accumulation_steps` in the DeepSpeed config as this will be set with the"
         " `accumulate_grad_batches` argument passed via the Lightning Trainer.")
LF014 = ("You selected an invalid strategy name: `strategy='deepspeed_stage_1_offload'`. It must be either a string"
         " or an instance of `lightning.pytorch.strategies.Strategy`. Example choices: auto, ddp, ddp_spawn,"
         " deepspeed, ... Find a complete list of options in our documentation at https://lightning.ai")
LF015 = ("Using a compiled model is incompatible with the current strategy: `DeepSpeedStrategy`. Only"
         " SingleDeviceStrategy, DDPStrategy, FSDPStrategy support compilation. Either switch to one of the"
         " supported strategies or avoid passing in compiled model.")
LF016 = "`empty_init=False` is not a valid choice with `DeepSpeedStrategy` when ZeRO stage 3 is enabled."
LF017 = ("`DeepSpeedStrategy.save_checkpoint(..., filter=...)` is not supported because `DeepSpeedStrategy`"
         " manages the state serialization internally.")
LF018 = "The DeepSpeed strategy is only supported on CUDA GPUs but `CPUAccelerator` is used."
LF019_FABRIC = ("`precision='64-true')` is not supported in DeepSpeed. `precision` must be one of: ('32-true',"
                " '16-true', 'bf16-true', '16-mixed', 'bf16-mixed').")
LF019_TRAINER = ("`Trainer(strategy='deepspeed', precision='64-true')` is not supported. `precision` must be one of:"
                 " ('32-true', '16-true', 'bf16-true', '16-mixed', 'bf16-mixed').")
LF020_FINETUNING = ("The Finetuning callback does not support running with the DeepSpeed strategy. Choose a different"
                    " strategy or disable the callback.")
LF020_SWA = "SWA does not currently support sharded models."
LF020_SCHEDULER = "The `DeepSpeedStrategy` does not support `accumulate_grad_batches` changing between epochs."


class GPT(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.head = nn.Linear(4, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(x)


def deepspeed_fabric(**kwargs) -> L.Fabric:
    fabric = L.Fabric(accelerator="cuda", devices=2, strategy=kwargs.pop("strategy", "deepspeed"), **kwargs)
    fabric.launch()
    return fabric


def batches(n: int = 16, batch_size: int = 4) -> DataLoader:
    return DataLoader(TensorDataset(torch.randn(n, 4), torch.randn(n, 1)), batch_size=batch_size)


class Regressor(L.LightningModule):
    def __init__(self, skip_batch: int = -1) -> None:
        super().__init__()
        self.backbone = nn.Linear(4, 4)
        self.head = nn.Linear(4, 1)
        self.skip_batch = skip_batch

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.backbone(x))

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.mse_loss(self(x), y)
        self.log("train_loss", loss)
        if batch_idx == self.skip_batch:
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def trainer(strategy="deepspeed", **kwargs) -> L.Trainer:
    kwargs.setdefault("accelerator", "gpu")
    kwargs.setdefault("devices", 1)
    kwargs.setdefault("max_epochs", 1)
    kwargs.setdefault("enable_checkpointing", False)
    return L.Trainer(strategy=strategy, **kwargs)


class InTempDir(unittest.TestCase):
    def setUp(self) -> None:
        self._cwd = os.getcwd()
        self._tmp = tempfile.TemporaryDirectory()
        os.chdir(self._tmp.name)

    def tearDown(self) -> None:
        os.chdir(self._cwd)
        self._tmp.cleanup()

    def assertRaisesExactly(self, exc_type, text):
        return _Exactly(self, exc_type, text)


class _Exactly:
    def __init__(self, case, exc_type, text) -> None:
        self.case, self.exc_type, self.text = case, exc_type, text

    def __enter__(self):
        self.cm = self.case.assertRaises(self.exc_type)
        return self.cm.__enter__()

    def __exit__(self, *exc):
        handled = self.cm.__exit__(*exc)
        self.case.assertEqual(str(self.cm.exception), self.text)
        return handled


class FabricRules(InTempDir):
    def test_lf001_backward_before_setup(self):
        fabric = deepspeed_fabric()
        model = GPT()
        with self.assertRaisesExactly(RuntimeError, LF001):
            fabric.backward(model(torch.randn(2, 4)).sum())

    def test_lf002_several_models_no_model_keyword(self):
        fabric = deepspeed_fabric()
        g, og = fabric.setup(GPT(), torch.optim.Adam(nn.Linear(1, 1).parameters()))
        d, od = fabric.setup(GPT(), torch.optim.Adam(nn.Linear(1, 1).parameters()))
        with self.assertRaisesExactly(ValueError, LF002):
            fabric.backward(d(g(torch.randn(2, 4)).expand(2, 4)).sum())

    def test_lf004_setup_optimizers(self):
        fabric = deepspeed_fabric()
        model = fabric.setup_module(GPT())
        with self.assertRaisesExactly(RuntimeError, LF004):
            fabric.setup_optimizers(torch.optim.Adam(model.parameters()))

    def test_lf005_setup_without_launch(self):
        for call in ("setup", "init_module", "barrier", "setup_dataloaders"):
            fabric = L.Fabric(accelerator="cuda", devices=1, strategy="deepspeed")
            with self.subTest(call=call), self.assertRaisesExactly(RuntimeError, LF005):
                if call == "setup":
                    fabric.setup(GPT())
                elif call == "init_module":
                    fabric.init_module()
                elif call == "barrier":
                    fabric.barrier()
                else:
                    fabric.setup_dataloaders(batches())

    def test_lf005_not_needed_on_a_single_device(self):
        fabric = L.Fabric(accelerator="cpu", devices=1)
        model, opt = fabric.setup(GPT(), torch.optim.SGD(GPT().parameters(), lr=0.1))
        self.assertEqual(fabric.world_size, 1)

    def test_lf006_loss_backward_on_set_up_output(self):
        fabric = deepspeed_fabric()
        model, opt = fabric.setup(GPT(), torch.optim.Adam(GPT().parameters()))
        with self.assertRaisesExactly(RuntimeError, LF006):
            model(torch.randn(2, 4)).sum().backward()

    def test_lf006_not_under_ddp_fp32(self):
        fabric = L.Fabric(accelerator="cuda", devices=2, strategy="ddp")
        fabric.launch()
        model = GPT()
        model, opt = fabric.setup(model, torch.optim.SGD(model.parameters(), lr=0.1))
        model(torch.randn(2, 4)).sum().backward()
        opt.step()

    def test_lf006_also_under_mixed_precision(self):
        fabric = L.Fabric(accelerator="cuda", devices=1, precision="bf16-mixed")
        model = GPT()
        model, opt = fabric.setup(model, torch.optim.SGD(model.parameters(), lr=0.1))
        with self.assertRaisesExactly(RuntimeError, LF006):
            model(torch.randn(2, 4)).sum().backward()

    def test_lf007_backward_with_raw_module(self):
        for strategy in ("deepspeed", "ddp"):
            fabric = L.Fabric(accelerator="cuda", devices=2, strategy=strategy)
            fabric.launch()
            raw = GPT()
            fabric.setup(GPT(), torch.optim.Adam(GPT().parameters()))
            with self.subTest(strategy=strategy), self.assertRaisesExactly(AttributeError, LF007):
                fabric.backward(raw(torch.randn(2, 4)).sum(), model=raw)

    def test_lf009_clip_gradients(self):
        fabric = deepspeed_fabric()
        model, opt = fabric.setup(GPT(), torch.optim.Adam(GPT().parameters()))
        fabric.backward(model(torch.randn(2, 4)).sum())
        for kwargs in ({"max_norm": 1.0}, {"clip_val": 0.5}):
            with self.subTest(**kwargs), self.assertRaisesExactly(NotImplementedError, LF009):
                fabric.clip_gradients(model, opt, **kwargs)

    def test_lf010_two_optimizers_in_setup(self):
        fabric = deepspeed_fabric()
        model = GPT()
        with self.assertRaisesExactly(ValueError, LF010_FABRIC):
            fabric.setup(model, torch.optim.Adam(model.parameters()), torch.optim.SGD(model.parameters(), lr=0.1))

    def test_lf016_empty_init_false_stage_3(self):
        fabric = deepspeed_fabric(strategy="deepspeed_stage_3")
        with self.assertRaisesExactly(NotImplementedError, LF016):
            with fabric.init_module(empty_init=False):
                GPT()
        with fabric.init_module(empty_init=True):
            GPT()

    def test_lf017_save_with_filter(self):
        fabric = deepspeed_fabric()
        model, opt = fabric.setup(GPT(), torch.optim.Adam(GPT().parameters()))
        with self.assertRaisesExactly(TypeError, LF017):
            fabric.save("ckpt", {"model": model}, filter={"model": lambda k, v: "weight" in k})
        fabric.save("ckpt", {"model": model, "optimizer": opt, "step": 3})
        self.assertTrue(Path("ckpt", "checkpoint").is_dir())
        state = {"model": model, "optimizer": opt, "step": 0}
        fabric.load("ckpt", state)
        self.assertEqual(state["step"], 3)

    def test_lf018_cpu_accelerator(self):
        fabric = L.Fabric(accelerator="cpu", devices=2, strategy="deepspeed")
        with self.assertRaisesExactly(RuntimeError, LF018):
            fabric.launch()

    def test_lf019_precision(self):
        with self.assertRaisesExactly(ValueError, LF019_FABRIC):
            L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed", precision="64-true")
        L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed", precision="bf16-mixed")

    def test_lf014_fabric_refuses_trainer_strategy(self):
        with self.assertRaises(ValueError) as cm:
            L.Fabric(strategy=DeepSpeedStrategy())
        self.assertIn("It must be either a string or an instance of `lightning.fabric.strategies.Strategy`.", str(cm.exception))


class FabricCorrectForms(InTempDir):
    def test_joint_setup_backward_step_changes_the_weights(self):
        for strategy in ("deepspeed", "deepspeed_stage_1", "deepspeed_stage_3"):
            with self.subTest(strategy=strategy):
                fabric = deepspeed_fabric(strategy=strategy)
                model = GPT()
                before = model.head.weight.detach().clone()
                model, opt = fabric.setup(model, torch.optim.Adam(model.parameters(), lr=0.1))
                for x, y in fabric.setup_dataloaders(batches()):
                    opt.zero_grad()
                    fabric.backward(nn.functional.mse_loss(model(x), y))
                    opt.step()
                self.assertFalse(torch.equal(before, model.head.weight))

    def test_strategy_instance_with_config_dict_and_json_path(self):
        config = {"zero_optimization": {"stage": 2}, "gradient_clipping": 1.0}
        Path("ds.json").write_text('{"zero_optimization": {"stage": 0}}')
        for strategy in (FabricDeepSpeedStrategy(config=config), FabricDeepSpeedStrategy(config="ds.json"),
                         FabricDeepSpeedStrategy(stage=3)):
            fabric = L.Fabric(accelerator="cuda", devices=2, strategy=strategy)
            fabric.launch()
            model, opt = fabric.setup(GPT(), torch.optim.Adam(GPT().parameters()))
            fabric.backward(model(torch.randn(2, 4)).sum())
            opt.step()

    def test_zero_offload_refuses_a_torch_optimizer(self):
        fabric = deepspeed_fabric(strategy="deepspeed_stage_2_offload")
        with self.assertRaises(Exception) as cm:
            fabric.setup(GPT(), torch.optim.Adam(GPT().parameters()))
        self.assertIn("You are using ZeRO-Offload with a client provided optimizer", str(cm.exception))

    def test_zero_offload_takes_deepspeed_cpu_adam(self):
        from deepspeed.ops.adam import DeepSpeedCPUAdam

        fabric = deepspeed_fabric(strategy="deepspeed_stage_2_offload")
        model = GPT()
        fabric.setup(model, DeepSpeedCPUAdam(model.parameters()))

    def test_each_optimizer_steps_its_own_deepspeed_optimizer(self):
        # wrappers.py _FabricOptimizer.step: the engine is not `Optimizable`, so the optimizer's own is stepped
        fabric = deepspeed_fabric()
        g, d = GPT(), GPT()
        g, og = fabric.setup(g, torch.optim.SGD(g.parameters(), lr=1.0))
        d, od = fabric.setup(d, torch.optim.SGD(d.parameters(), lr=1.0))
        self.assertNotIsInstance(fabric.strategy.model, Optimizable)
        g0, d0 = g.head.weight.detach().clone(), d.head.weight.detach().clone()
        fabric.backward(d(torch.randn(2, 4)).sum(), model=d)
        fabric.backward(g(torch.randn(2, 4)).sum(), model=g)
        self.assertIs(fabric.strategy.model, g._forward_module)  # the last backward attached g's engine
        od.step()
        self.assertFalse(torch.equal(d0, d.head.weight))
        self.assertTrue(torch.equal(g0, g.head.weight))
        og.step()
        self.assertFalse(torch.equal(g0, g.head.weight))

    def test_step_steps_the_last_attached_engine_when_it_is_optimizable(self):
        # the other branch of _FabricOptimizer.step: an `Optimizable` strategy model is stepped, whichever optimizer
        fabric = deepspeed_fabric()
        g, d = GPT(), GPT()
        g, og = fabric.setup(g, torch.optim.SGD(g.parameters(), lr=1.0))
        d, od = fabric.setup(d, torch.optim.SGD(d.parameters(), lr=1.0))
        engine = g._forward_module
        for name, value in (("param_groups", engine.optimizer.param_groups), ("defaults", {}), ("state", {})):
            engine.__dict__[name] = value
        self.assertIsInstance(engine, Optimizable)
        g0, d0 = g.head.weight.detach().clone(), d.head.weight.detach().clone()
        fabric.backward(d(torch.randn(2, 4)).sum(), model=d)
        fabric.backward(g(torch.randn(2, 4)).sum(), model=g)
        od.step()  # steps g's engine: g changes, d does not
        self.assertFalse(torch.equal(g0, g.head.weight))
        self.assertTrue(torch.equal(d0, d.head.weight))

    def test_engine_without_optimizer_cannot_step(self):
        fabric = deepspeed_fabric()
        model = fabric.setup_module(GPT())
        fabric.backward(model(torch.randn(2, 4)).sum())  # ZeRO: backward runs
        with self.assertRaisesExactly(AttributeError, "'DummyOptim' object has no attribute 'step'"):
            fabric.strategy.model.step()
        fabric = deepspeed_fabric(strategy=FabricDeepSpeedStrategy(zero_optimization=False))
        model = fabric.setup_module(GPT())
        with self.assertRaisesExactly(AssertionError, "must provide optimizer during init in order to use backward"):
            fabric.backward(model(torch.randn(2, 4)).sum())
        with self.assertRaisesExactly(AssertionError, "must provide optimizer during init in order to use step"):
            fabric.strategy.model.step()

    def test_launch_function_and_attributes(self):
        fabric = L.Fabric(accelerator="gpu", devices=[0, 1], num_nodes=2, strategy="deepspeed_stage_2")
        self.assertEqual(fabric.launch(lambda f, a: (f.world_size, f.global_rank, f.is_global_zero, a), 7), (4, 0, True, 7))
        self.assertEqual(fabric.device, torch.device("cpu"))
        self.assertEqual(fabric.all_reduce(torch.tensor(2.0)), torch.tensor(2.0))
        with fabric.no_backward_sync(fabric.setup(GPT(), torch.optim.Adam(GPT().parameters()))[0]):
            pass
        fabric.seed_everything(1)
        with contextlib.redirect_stdout(io.StringIO()) as out:
            fabric.print("printed")
        self.assertEqual(out.getvalue(), "printed\n")

    def test_started_by_fabric_run(self):
        # `fabric run` sets LT_CLI_USED and the LT_* flags: launched already, and launch() refused
        env = {"LT_CLI_USED": "1", "LT_ACCELERATOR": "cuda", "LT_DEVICES": "4", "LT_STRATEGY": "deepspeed_stage_2"}
        with unittest.mock.patch.dict(os.environ, env):
            fabric = L.Fabric()
            model, opt = fabric.setup(GPT(), torch.optim.Adam(GPT().parameters()))
            self.assertEqual(fabric.world_size, 4)
            with self.assertRaises(RuntimeError) as cm:
                fabric.launch()
            self.assertIn("This script was launched through the CLI", str(cm.exception))

    def test_plain_strategies_by_name(self):
        for strategy in ("auto", "ddp", "dp", "fsdp", "ddp_find_unused_parameters_true"):
            with self.subTest(strategy=strategy):
                fabric = L.Fabric(accelerator="cuda", devices=2, strategy=strategy)
                fabric.launch()
                model = GPT()
                model, opt = fabric.setup(model, torch.optim.SGD(model.parameters(), lr=0.1))
                fabric.backward(model(torch.randn(2, 4)).sum())
                fabric.clip_gradients(model, opt, max_norm=1.0)
                opt.step()
                fabric.save("plain.ckpt", {"model": model, "optimizer": opt}, filter={"model": lambda k, v: True})

    def test_fabric_rejects_unknown_strategy_name(self):
        with self.assertRaises(ValueError) as cm:
            L.Fabric(strategy="deepspeed_stage_4")
        self.assertIn("`lightning.fabric.strategies.Strategy`. Example choices: auto, ddp, ddp_spawn, deepspeed, dp,",
                      str(cm.exception))


class TrainerRules(InTempDir):
    def test_lf003_none_under_deepspeed(self):
        with self.assertRaisesExactly(MisconfigurationException, LF003):
            trainer().fit(Regressor(skip_batch=1), batches())

    def test_lf003_distributed_none_is_refused_first(self):
        text = ("Skipping the `training_step` by returning None in distributed training is not supported."
                " It is recommended that you rewrite your training logic to avoid having to skip the step in the"
                " first place.")
        with self.assertRaisesExactly(RuntimeError, text):
            trainer(devices=2).fit(Regressor(skip_batch=1), batches())

    def test_none_skips_the_step_on_one_device(self):
        trainer(strategy="auto").fit(Regressor(skip_batch=1), batches())

    def test_lf010_two_optimizers_manual(self):
        class TwoOpt(Regressor):
            def __init__(self):
                super().__init__()
                self.automatic_optimization = False

            def configure_optimizers(self):
                return [torch.optim.SGD(self.backbone.parameters(), lr=0.1), torch.optim.SGD(self.head.parameters(), lr=0.1)], []

        with self.assertRaisesExactly(MisconfigurationException, LF010_TRAINER):
            trainer().fit(TwoOpt(), batches())

    def test_lf010_two_schedulers(self):
        class TwoSched(Regressor):
            def configure_optimizers(self):
                opt = torch.optim.SGD(self.parameters(), lr=0.1)
                return [opt], [torch.optim.lr_scheduler.StepLR(opt, 1), torch.optim.lr_scheduler.StepLR(opt, 2)]

        with self.assertRaisesExactly(MisconfigurationException, LF010_TRAINER):
            trainer().fit(TwoSched(), batches())

    def test_lf011_lbfgs(self):
        class Lbfgs(Regressor):
            def configure_optimizers(self):
                return torch.optim.LBFGS(self.parameters())

        with self.assertRaisesExactly(MisconfigurationException, LF011):
            trainer(strategy=DeepSpeedStrategy(zero_optimization=False)).fit(Lbfgs(), batches())

    def test_lf012_clip_by_value(self):
        with self.assertRaisesExactly(MisconfigurationException, LF012):
            trainer(gradient_clip_val=0.5, gradient_clip_algorithm="value").fit(Regressor(), batches())

    def test_lf013_gradient_accumulation_steps_in_config(self):
        strategy = DeepSpeedStrategy(config={"zero_optimization": {"stage": 2}, "gradient_accumulation_steps": "auto"})
        with self.assertRaisesExactly(MisconfigurationException, LF013):
            trainer(strategy=strategy).fit(Regressor(), batches())

    def test_lf014_trainer_invalid_names(self):
        with self.assertRaisesExactly(ValueError, LF014):
            L.Trainer(strategy="deepspeed_stage_1_offload")
        with self.assertRaises(ValueError) as cm:
            L.Trainer(strategy=FabricDeepSpeedStrategy())
        self.assertIn("You selected an invalid strategy name: `strategy=<lightning.fabric.strategies.deepspeed.DeepSpeedStrategy object at",
                      str(cm.exception))

    def test_lf015_compiled_model(self):
        with self.assertRaisesExactly(RuntimeError, LF015):
            trainer().fit(torch.compile(Regressor()), batches())
        trainer(strategy="ddp", devices=2).fit(torch.compile(Regressor()), batches())

    def test_lf016_trainer_init_module(self):
        with self.assertRaisesExactly(NotImplementedError, LF016):
            with trainer(strategy="deepspeed_stage_3").init_module(empty_init=False):
                Regressor()

    def test_lf018_cpu(self):
        with self.assertRaisesExactly(RuntimeError, LF018):
            trainer(accelerator="cpu").fit(Regressor(), batches())

    def test_lf019_precision(self):
        with self.assertRaisesExactly(ValueError, LF019_TRAINER):
            trainer(precision=64)

    def test_lf020_callbacks(self):
        for callback, exc_type, text in (
            (BackboneFinetuning(unfreeze_backbone_at_epoch=1), NotImplementedError, LF020_FINETUNING),
            (StochasticWeightAveraging(swa_lrs=0.01), MisconfigurationException, LF020_SWA),
            (GradientAccumulationScheduler(scheduling={1: 2}), RuntimeError, LF020_SCHEDULER),
        ):
            with self.subTest(callback=type(callback).__name__), self.assertRaisesExactly(exc_type, text):
                trainer(callbacks=[callback]).fit(Regressor(), batches())
            trainer(strategy="ddp", callbacks=[callback], max_epochs=2).fit(Regressor(), batches())


class LightningCLIConfigs(InTempDir):
    def run_cli(self, config: str):
        from lightning.pytorch.cli import LightningCLI

        Path("c.yaml").write_text(config)
        return LightningCLI(Regressor, args=["--config", "c.yaml"], run=False)

    def test_class_path_objects_are_built(self):
        cli = self.run_cli("trainer:\n  accelerator: cuda\n  strategy:\n"
                           "    class_path: lightning.pytorch.strategies.DeepSpeedStrategy\n"
                           "    init_args: {stage: 1, offload_optimizer: true}\n")
        self.assertIsInstance(cli.trainer.strategy, DeepSpeedStrategy)
        self.assertIsInstance(cli.model, Regressor)

    def test_a_fabric_name_is_refused(self):
        with self.assertRaises(ValueError) as cm:
            self.run_cli("trainer:\n  accelerator: cuda\n  strategy: deepspeed_stage_1_offload\n")
        self.assertIn("You selected an invalid strategy name", str(cm.exception))

    def test_nested_flags_override_the_config(self):
        from lightning.pytorch.cli import LightningCLI

        Path("c.yaml").write_text("trainer:\n  accelerator: cuda\n  strategy: ddp\n  max_epochs: 3\n")
        cli = LightningCLI(Regressor, run=False,
                           args=["--config", "c.yaml", "--trainer.strategy=deepspeed_stage_2", "--trainer.max_epochs", "1"])
        self.assertIsInstance(cli.trainer.strategy, DeepSpeedStrategy)
        self.assertEqual(cli.trainer.max_epochs, 1)


class HydraConfigs(InTempDir):
    def compose(self, files: dict) -> dict:
        import hydra

        for path, text in files.items():
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            Path(path).write_text(text)
        Path("app.py").write_text("")
        seen = {}

        @hydra.main(version_base="1.3", config_path="conf", config_name="train")
        def main(cfg):
            seen["cfg"] = cfg

        # the config path is relative to the task's file: here, app.py in the temporary folder
        with unittest.mock.patch("inspect.getfile", return_value=str(Path("app.py").resolve())):
            main()
        return seen["cfg"]

    def test_defaults_lists_compose_and_own_values_win(self):
        cfg = self.compose({
            "conf/train.yaml": "defaults:\n  - _self_\n  - trainer: gpu\nseed: 1\n",
            "conf/trainer/default.yaml": "_target_: lightning.pytorch.Trainer\ndevices: 4\nstrategy: ddp\n",
            "conf/trainer/gpu.yaml": "defaults:\n  - default\nstrategy: deepspeed_stage_2\n",
        })
        self.assertEqual(cfg.seed, 1)
        self.assertEqual(dict(cfg.trainer), {"_target_": "lightning.pytorch.Trainer", "devices": 4,
                                             "strategy": "deepspeed_stage_2"})

    def test_override_replaces_the_pick(self):
        cfg = self.compose({
            "conf/train.yaml": "defaults:\n  - trainer: gpu\n  - override /trainer: cpu\n",
            "conf/trainer/gpu.yaml": "accelerator: gpu\n",
            "conf/trainer/cpu.yaml": "accelerator: cpu\n",
        })
        self.assertEqual(cfg.trainer.accelerator, "cpu")

    def test_omegaconf_merge_lets_a_later_config_win_key_by_key(self):
        from omegaconf import OmegaConf

        Path("base.yaml").write_text("lightning:\n  trainer: {devices: 1, max_steps: 2}\n")
        Path("run.yaml").write_text("lightning:\n  strategy: deepspeed_stage_2\n  trainer: {devices: 4}\n")
        merged = OmegaConf.merge(OmegaConf.load("base.yaml"), OmegaConf.load("run.yaml"))
        self.assertEqual(merged.lightning.strategy, "deepspeed_stage_2")
        self.assertEqual(dict(merged.lightning.trainer), {"devices": 4, "max_steps": 2})
        self.assertEqual(OmegaConf.create().get("trainer", {}), {})

    def test_omegaconf_to_container_gives_plain_dicts_and_lists(self):
        from omegaconf import OmegaConf

        Path("ds.yaml").write_text("trainer:\n  params: {precision: 64, devices: [0]}\n")
        params = OmegaConf.to_container(OmegaConf.load("ds.yaml").trainer.params, resolve=True)
        self.assertEqual(params, {"precision": 64, "devices": [0]})
        self.assertIs(type(params), dict)

    def test_instantiate_builds_nested_targets_first(self):
        from hydra.utils import instantiate

        t = instantiate({"_target_": "lightning.pytorch.Trainer", "accelerator": "cuda", "strategy": {
            "_target_": "lightning.pytorch.strategies.DeepSpeedStrategy", "stage": 1, "offload_optimizer": True}})
        self.assertIsInstance(t.strategy, DeepSpeedStrategy)
        with self.assertRaises(ValueError) as cm:
            instantiate({"_target_": "lightning.pytorch.Trainer", "accelerator": "cuda",
                         "strategy": "deepspeed_stage_1_offload"})
        self.assertIn("You selected an invalid strategy name", str(cm.exception))


class TrainerCorrectForms(InTempDir):
    def test_automatic_optimization_trains_under_deepspeed(self):
        model = Regressor()
        before = model.head.weight.detach().clone()
        t = trainer(devices=4, accumulate_grad_batches=2, gradient_clip_val=1.0)
        t.fit(model, batches(32))
        self.assertEqual(t.global_step, 1)  # 32 samples / 4 processes / batch 4 = 2 batches, accumulated into 1 step
        self.assertFalse(torch.equal(before, model.head.weight))
        self.assertIn("train_loss", t.callback_metrics)

    def test_configure_optimizers_forms(self):
        def opt(m):
            return torch.optim.SGD(m.parameters(), lr=0.1)

        forms = [
            lambda m: opt(m),
            lambda m: [opt(m)],
            lambda m: (lambda o: ([o], [torch.optim.lr_scheduler.StepLR(o, 1)]))(opt(m)),
            lambda m: (lambda o: {"optimizer": o, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.StepLR(o, 1), "interval": "step"}})(opt(m)),
        ]
        for i, form in enumerate(forms):
            class Form(Regressor):
                def configure_optimizers(self):
                    return form(self)

            for strategy in ("deepspeed", "auto"):
                with self.subTest(form=i, strategy=strategy):
                    trainer(strategy=strategy, max_steps=2).fit(Form(), batches())

    def test_manual_optimization(self):
        class Manual(Regressor):
            def __init__(self):
                super().__init__()
                self.automatic_optimization = False

            def training_step(self, batch, batch_idx):
                opt = self.optimizers()
                x, y = batch
                loss = nn.functional.mse_loss(self(x), y)
                opt.zero_grad()
                self.manual_backward(loss)
                opt.step()

        for strategy in ("deepspeed", "auto"):
            model = Manual()
            before = model.head.weight.detach().clone()
            t = trainer(strategy=strategy)
            t.fit(model, batches())
            self.assertEqual(t.global_step, 4)
            self.assertFalse(torch.equal(before, model.head.weight))

    def test_manual_backward_refused_in_automatic(self):
        class Wrong(Regressor):
            def training_step(self, batch, batch_idx):
                self.manual_backward(super().training_step(batch, batch_idx))

        text = "to use manual_backward, please disable automatic optimization: set model property `automatic_optimization` as False"
        with self.assertRaisesExactly(MisconfigurationException, text):
            trainer().fit(Wrong(), batches())

    def test_datamodule_validation_test_predict_and_boring_model(self):
        from lightning.pytorch.demos.boring_classes import BoringModel

        class Data(L.LightningDataModule):
            def train_dataloader(self):
                return batches()

            def val_dataloader(self):
                return batches(8)

        class WithVal(Regressor):
            def validation_step(self, batch, batch_idx):
                self.log("val_loss", nn.functional.mse_loss(self(batch[0]), batch[1]))

        t = trainer(strategy="deepspeed_stage_2", max_epochs=2, limit_train_batches=2, enable_checkpointing=True)
        model = WithVal()
        t.fit(model, datamodule=Data())
        self.assertIn("val_loss", t.validate(model, datamodule=Data())[0])
        self.assertTrue(any(Path("checkpoints").iterdir()))
        boring = BoringModel()
        trainer(strategy="auto", max_steps=3).fit(boring)
        trainer(strategy="auto").test(boring)
        self.assertEqual(len(trainer(strategy="auto").predict(boring)), 64)

    def test_from_argparse_args(self):
        import argparse

        args = argparse.Namespace(strategy="deepspeed", devices=2, accelerator="gpu", lr=0.1, max_epochs=1)
        t = L.Trainer.from_argparse_args(args, enable_checkpointing=False)
        self.assertIsInstance(t.strategy, DeepSpeedStrategy)
        self.assertEqual(t.world_size, 2)

    def test_trainer_refuses_unknown_arguments_like_lightning_2(self):
        with self.assertRaises(TypeError):
            L.Trainer(gpus=2)

    def test_optimizer_idx_is_refused_like_lightning_2(self):
        class Old(Regressor):
            def training_step(self, batch, batch_idx, optimizer_idx):
                return super().training_step(batch, batch_idx)

        with self.assertRaises(RuntimeError):
            trainer(strategy="auto").fit(Old(), batches())

    def test_aliases_are_the_same_objects(self):
        import lightning_fabric
        import pytorch_lightning
        from pytorch_lightning.strategies import DeepSpeedStrategy as PlDeepSpeed
        from lightning_fabric.strategies import DeepSpeedStrategy as LfDeepSpeed

        self.assertIs(pytorch_lightning.Trainer, L.Trainer)
        self.assertIs(lightning_fabric.Fabric, L.Fabric)
        self.assertIs(PlDeepSpeed, DeepSpeedStrategy)
        self.assertIs(LfDeepSpeed, FabricDeepSpeedStrategy)


class DocumentedTexts(unittest.TestCase):
    """Every "Lightning raises" text of docs/rules/index.md is what the double raises for that rule."""

    RAISED = {
        "LF001": LF001, "LF002": LF002, "LF003": LF003, "LF004": LF004, "LF005": LF005, "LF006": LF006,
        "LF007": "AttributeError: " + LF007, "LF009": LF009, "LF010": LF010_FABRIC, "LF011": LF011, "LF012": LF012,
        "LF013": LF013, "LF014": LF014, "LF015": LF015, "LF016": LF016, "LF017": LF017, "LF018": LF018,
        "LF019": LF019_FABRIC, "LF020": LF020_FINETUNING,
    }

    def test_index_texts_match(self):
        if not INDEX.is_file():
            self.skipTest(f"{INDEX} not found")
        rows = re.findall(r"^\| \[(LF\d{3})\]\([^)]*\) \| [^|]* \| [^|]* \| ([^|]*) \|", INDEX.read_text(), re.M)
        self.assertGreaterEqual(len(rows), 19)
        for code, text in rows:
            if code in self.RAISED:
                with self.subTest(code=code):
                    self.assertIn(text.strip(), self.RAISED[code])


if __name__ == "__main__":
    unittest.main()
