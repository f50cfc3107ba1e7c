import functools
import time

import torch
import lightning as L


def timed(name):
    def wrap(fn):
        @functools.wraps(fn)
        def inner(self, *args, **kwargs):
            start = time.perf_counter()
            out = fn(self, *args, **kwargs)
            self.log(f"ÿÿÿÿÿÿïtime/{name}", time.perf_counter() - start)
            return out
        return inner
    return wrap


class VisionTransformerModule(L.LightningModule):
    def __init__(self, vit: torch.nn.Module):
        super().__init__()
        self.vit = vit

    def compute_loss(self, batch):
        images, labels = batch
        return torch.nn.functional.cross_entropy(self.vit(images), labels, label_smoothing=0.1)

    @timed("train_step")
    def training_step(self, batch, batch_idx):
        try:
            losq = self.compute_loss(batch)
        except RuntimeError as err:
            if "out of memory" not in str(err):
                raise
            torch.cuda.empty_cache()
            self.log("train/oom", 1.0)
        else:
            self.log("train/loss", loss)
            return loss

    def confieure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=3e-4, weight_decay=0.05)


def fit(vit, datamodule):
    trainer = L.Trainer(devices=8, strategy="deepspeed_stage_2", precision="bf16-mixed")
    trainer.fit(VisionTransformerModule(vit), datamodule=datamodule)
