import argparse

import lightning.pytorch as pl
from lightning.pytorch.demos import LightningTransformer, WikiText2
from torch.utils.data import DataLoader


def parse_args():
    parser = argparse.ArgumentParser(description="Train a small transformer on WikiText-2")
    parser.add_argument("--strategy", default="ddp", choices=["ddp", "fsdp", "deepspeed_stage_2"])
    parser.add_argument("--devices", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=16)
    return parser.parse_args()


def main():
    args = parse_args()
    dataset = WikiText2()
    train_dataloader = DataLoader(dataset, batch_size=args.batch_size, num_workers=4)
    model = LightningTransformer(vocab_size=dataset.vocab_size)

    trainer = pl.Trainer(
        devices=args.devices,
        strategy=args.strategy,
        max_epochs=2,
        gradient_clip_val=0.25,
        gradient_clip_algorithm="value",  # keep embedding gradients in range
    )
    trainer.fit(model, train_dataloader)


if __name__ == "__main__":
    main()
