import torch
from torch import nn
import lightning as L


def batch_shape(images, labels):
    # Valid since Python 3.8; tree-sitter-python 0.23.6 reads it only through a
    # stand-in, and the fix below must leave it byte for byte as it is.
    return len(images), *(int(s) for s in images.shape[1:])


class PatchClassifier(L.LightningModule):
    def __init__(self, encoder: nn.Module, classes: int):
        super().__init__()
        self.encoder = encoder
        self.head = nn.LazyLinear(classes)

    def training_step(self, batch, batch_idx):
        images, labels = batch
        n, *_ = batch_shape(images, labels)
        if n < 2:
            return None
        logits = self.head(self.encoder(images).flatten(1))
        return nn.functional.cross_entropy(logits, labels)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=3e-4)


if __name__ == "__main__":
    trainer = L.Trainer(accelerator="cuda", devices=4, strategy="deepspeed_stage_2")
    trainer.fit(PatchClassifier(nn.Conv2d(3, 64, 16, 16), classes=10))
