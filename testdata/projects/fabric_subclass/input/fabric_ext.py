import time

import lightning as L


class MyFabric(L.Fabric):
    """Fabric plus the throughput logging and checkpoint layout our cluster jobs expect."""

    def __init__(self, *args, log_every: int = 50, run_dir: str = "runs/default", **kwargs):
        super().__init__(*args, **kwargs)
        self.log_every = log_every
        self.run_dir = run_dir
        self._last_time = time.perf_counter()
        self._tokens = 0

    def step(self, optimizer):
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)

    def log_throughput(self, step: int, tokens: int):
        self._tokens += tokens * self.world_size
        if step % self.log_every:
            return
        now = time.perf_counter()
        self.print(f"step {step}: {self._tokens / (now - self._last_time):,.0f} tokens/s")
        self._last_time, self._tokens = now, 0

    def save_run(self, step: int, model, optimizer):
        self.save(f"{self.run_dir}/step-{step:07d}.ckpt", {"model": model, "optimizer": optimizer, "step": step})
