import argparse

import torch
from torch import nn
import lightning as L


class MultiTaskModel(L.LightningModule):
    def __init__(self, stage: str = "pretrain", vocab_size: int = 30522):
        super().__init__()
        self.stage = stage
        layer = nn.TransformerEncoderLayer(256, 8, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, 6)
        self.mlm_head = nn.Linear(256, vocab_size)
        self.cls_head = nn.Linear(256, 2)

    def training_step(self, batch, batch_idx):
        h = self.encoder(batch["embeddings"])
        if self.stage == "pretrain":
            logits = self.mlm_head(h).flatten(0, 1)
            mlm_loss = nn.functional.cross_entropy(logits, batch["mlm_labels"].flatten())
            self.log("mlm_loss", mlm_loss)
            return mlm_loss
        elif self.stage == "finetune":
            cls_loss = nn.functional.cross_entropy(self.cls_head(h[:, 0]), batch["label"])
            self.log("cls_loss", cls_loss)
            return cls_loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=5e-5)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stage", default="pretrain", choices=["pretrain", "finetune"])
    parser.add_argument("--strategy", default="deepspeed_stage_2")
    parser.add_argument("--devices", type=int, default=8)
    args = parser.parse_args()
    trainer = L.Trainer(devices=args.devices, strategy=args.strategy, precision="bf16-mixed")
    trainer.fit(MultiTaskModel(stage=args.stage))


if __name__ == "__main__":
    main()
