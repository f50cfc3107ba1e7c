"""The training step in automatic and manual optimization, and the evaluation loop
(src/lightning/pytorch/loops/optimization/automatic.py, manual.py, evaluation_loop.py, 2.6.5)."""
from typing import Any, Callable, Optional

import torch

from lightning.fabric.utilities.exceptions import MisconfigurationException


class ClosureResult:
    def __init__(self, closure_loss: Optional[torch.Tensor], extra: Optional[dict] = None) -> None:
        self.closure_loss = closure_loss
        self.loss = closure_loss.detach().clone() if closure_loss is not None else None
        self.extra = extra or {}

    @classmethod
    def from_training_step_output(cls, output: Any, normalize: int = 1) -> "ClosureResult":
        # mirrors automatic.py ClosureResult.from_training_step_output (line 53)
        closure_loss, extra = None, {}
        if isinstance(output, dict):
            closure_loss = output.get("loss")
            if closure_loss is None:
                raise MisconfigurationException(
                    "In automatic_optimization, when `training_step` returns a dict, the 'loss' key needs to be present"
                )
            extra = {k: v for k, v in output.items() if k != "loss"}
        elif isinstance(output, torch.Tensor):
            closure_loss = output
        elif output is not None:
            raise MisconfigurationException(
                "In automatic optimization, `training_step` must return a Tensor, a dict, or None (where the step will"
                " be skipped)."
            )
        if closure_loss is not None:
            closure_loss = closure_loss / normalize
        return cls(closure_loss, extra=extra)


class Closure:
    # mirrors automatic.py Closure (line 90): training_step, then zero_grad, then backward; returns the loss
    def __init__(self, step_fn: Callable, backward_fn: Optional[Callable], zero_grad_fn: Optional[Callable]) -> None:
        self._step_fn = step_fn
        self._backward_fn = backward_fn
        self._zero_grad_fn = zero_grad_fn
        self._result: Optional[ClosureResult] = None

    def __call__(self, *args: Any, **kwargs: Any) -> Optional[torch.Tensor]:
        with torch.enable_grad():
            step_output = self._step_fn()
            if self._zero_grad_fn is not None:
                self._zero_grad_fn()
            if self._backward_fn is not None and step_output.closure_loss is not None:
                self._backward_fn(step_output.closure_loss)
        self._result = step_output
        return step_output.loss

    def consume_result(self) -> ClosureResult:
        result, self._result = self._result, None
        if result is None:
            # mirrors automatic.py Closure.consume_result
            raise MisconfigurationException("The closure hasn't been executed.")
        return result


def automatic_step(trainer: Any, batch: Any, batch_idx: int, is_last_batch: bool) -> dict:
    # mirrors automatic.py _AutomaticOptimization.run (line 151) and _optimizer_step
    module, strategy = trainer.lightning_module, trainer.strategy
    optimizer = strategy._lightning_optimizers[0]
    accumulate = trainer.accumulate_grad_batches

    def step_fn() -> ClosureResult:
        output = strategy.training_step(batch, batch_idx)
        # mirrors automatic.py _AutomaticOptimization._training_step (line 318): no skipping in distributed training
        if output is None and trainer.world_size > 1:
            raise RuntimeError(
                "Skipping the `training_step` by returning None in distributed training is not supported."
                " It is recommended that you rewrite your training logic to avoid having to skip the step in the first"
                " place."
            )
        return ClosureResult.from_training_step_output(output, accumulate)

    def zero_grad_fn() -> None:
        trainer._call_hooks("on_before_zero_grad", optimizer)
        module.optimizer_zero_grad(trainer.current_epoch, batch_idx, optimizer)

    closure = Closure(
        step_fn,
        lambda loss: strategy.backward(loss, optimizer),
        zero_grad_fn if batch_idx % accumulate == 0 else None,
    )
    # mirrors training_epoch_loop.py _should_accumulate
    accumulation_done = (batch_idx + 1) % accumulate == 0
    should_accumulate = not accumulation_done and (strategy.handles_gradient_accumulation or not is_last_batch)
    if not strategy.handles_gradient_accumulation and should_accumulate:
        closure()
    else:
        module.optimizer_step(trainer.current_epoch, batch_idx, optimizer, closure)
        if not should_accumulate:
            trainer.global_step += 1
    result = closure.consume_result()
    return {} if result.loss is None else {"loss": result.loss, **result.extra}


def manual_step(trainer: Any, batch: Any, batch_idx: int) -> Any:
    # mirrors manual.py _ManualOptimization.advance and ManualResult.from_training_step_output
    for optimizer in trainer.strategy._lightning_optimizers:
        optimizer._on_after_step = trainer._count_manual_step
    output = trainer.strategy.training_step(batch, batch_idx)
    if output is not None and not isinstance(output, (torch.Tensor, dict)):
        raise MisconfigurationException("In manual optimization, `training_step` must either return a Tensor or have no return.")
    return output


def evaluate(trainer: Any, stage: str, dataloaders: list, limit: Any) -> list:
    """Runs `validation_step` / `test_step` / `predict_step` over the dataloaders; returns the predictions."""
    module, step = trainer.lightning_module, {"validate": "validation", "sanity": "validation"}.get(stage, stage)
    step_fn = getattr(trainer.strategy, f"{step}_step")
    was_training = module.training
    module.eval()
    predictions = []
    trainer._call_hooks(f"on_{step}_start")
    trainer._call_hooks(f"on_{step}_epoch_start")
    with torch.no_grad():
        for dataloader_idx, dataloader in enumerate(dataloaders):
            for batch_idx, batch in enumerate(dataloader):
                if batch_idx >= _num_batches(dataloader, limit):
                    break
                batch = trainer._transfer(batch, dataloader_idx)
                trainer._call_hooks(f"on_{step}_batch_start", batch, batch_idx)
                args = (batch, batch_idx) if len(dataloaders) == 1 else (batch, batch_idx, dataloader_idx)
                output = step_fn(*args)
                predictions.append(output)
                trainer._call_hooks(f"on_{step}_batch_end", output, batch, batch_idx)
    trainer._call_hooks(f"on_{step}_epoch_end")
    trainer._call_hooks(f"on_{step}_end")
    if was_training:
        module.train()
    return predictions


def _num_batches(dataloader: Any, limit: Any) -> float:
    # mirrors trainer/connectors/data_connector.py _request_dataloader limits: an int is a count, a float a fraction
    length = len(dataloader) if hasattr(dataloader, "__len__") else float("inf")
    if limit is None:
        return length
    if isinstance(limit, int) and not isinstance(limit, bool):
        return min(limit, length)
    return int(length * float(limit)) if length != float("inf") else length
