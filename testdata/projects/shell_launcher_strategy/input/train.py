import argparse

import torch
import lightning as L
from transformers import BertConfig, BertForPreTraining

from pretraining_data import wiki_books_loader


def parse_args():
    parser = argparse.ArgumentParser(description="BERT pretraining with Lightning Fabric")
    parser.add_argument("--strategy", default="ddp")
    parser.add_argument("--devices", type=int, default=1)
    parser.add_argument("--run-name", default="debug")
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--max-steps", type=int, default=1_000_000)
    return parser.parse_args()


def main():
    args = parse_args()
    fabric = L.Fabric(accelerator="cuda", devices=args.devices, strategy=args.strategy, precision="bf16-mixed")
    fabric.launch()
    model = BertForPreTraining(BertConfig.from_pretrained("bert-large-uncased"))
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, betas=(0.9, 0.999), weight_decay=0.01)
    loader = fabric.setup_dataloaders(wiki_books_loader(batch_size=args.batch_size, max_len=512))

    model.train()
    for step, batch in enumerate(loader):
        out = model(**batch)
        fabric.backward(out.loss)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        if step % 500 == 0:
            fabric.print(f"[{args.run_name}] step {step}: loss {out.loss.item():.4f}")
        if step == args.max_steps:
            break
    fabric.save(f"checkpoints/{args.run_name}.ckpt", {"model": model, "optimizer": optimizer})


if __name__ == "__main__":
    main()
