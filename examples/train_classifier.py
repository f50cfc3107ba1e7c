"""Train LitClassifier (lit_classifier.py) with DeepSpeed ZeRO stage 2.

    python examples/train_classifier.py --devices 4 --max-epochs 10

This file is correct; the fault it exposes is in lit_classifier.py, and
lightfix finds it only when both files are checked together.
"""
import argparse
import logging

import torch
from torch.utils.data import DataLoader, TensorDataset, random_split

import lightning as L
from lightning.pytorch.callbacks import LearningRateMonitor, ModelCheckpoint

from lit_classifier import LitClassifier

log = logging.getLogger(__name__)


def make_loaders(batch_size: int, workers: int):
    images = torch.randn(10000, 3, 32, 32)
    labels = torch.randint(0, 10, (10000,))
    train, val = random_split(TensorDataset(images, labels), [9000, 1000])
    return (
        DataLoader(train, batch_size=batch_size, shuffle=True, num_workers=workers),
        DataLoader(val, batch_size=batch_size, num_workers=workers),
    )


def main():
    parser = argparse.ArgumentParser(description="Train LitClassifier")
    parser.add_argument("--devices", type=int, default=4)
    parser.add_argument("--max-epochs", type=int, default=10)
    parser.add_argument("--batch-size", type=int, default=128)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--lr", type=float, default=1e-3)
    args = parser.parse_args()

    L.seed_everything(7)
    train_loader, val_loader = make_loaders(args.batch_size, args.workers)
    model = LitClassifier(num_classes=10, lr=args.lr)
    trainer = L.Trainer(
        accelerator="gpu",
        devices=args.devices,
        strategy="deepspeed_stage_2",
        precision="16-mixed",
        max_epochs=args.max_epochs,
        callbacks=[ModelCheckpoint(monitor="val/acc", mode="max"), LearningRateMonitor()],
    )
    trainer.fit(model, train_loader, val_loader)
    log.info("best checkpoint: %s", trainer.checkpoint_callback.best_model_path)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    main()
