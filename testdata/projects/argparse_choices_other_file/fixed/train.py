import torch
import lightning as L
from transformers import WhisperForConditionalGeneration

from config import describe, get_parser
from speech_data import make_loader


def main():
    args = get_parser().parse_args()
    fabric = L.Fabric(accelerator="cuda", devices=args.devices, strategy=args.strategy, precision="bf16-mixed")
    fabric.launch()
    fabric.print(describe(args))

    model = WhisperForConditionalGeneration.from_pretrained(args.model)
    model.config.forced_decoder_ids = None
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    model, optimizer = fabric.setup(model, optimizer)
    loader = fabric.setup_dataloaders(make_loader("train", batch_size=args.batch_size))

    for epoch in range(args.epochs):
        model.train()
        for step, batch in enumerate(loader):
            out = model(input_features=batch["input_features"], labels=batch["labels"])
            fabric.backward(out.loss)
            optimizer.step()
            optimizer.zero_grad()
            if step % args.log_every == 0:
                fabric.print(f"epoch {epoch} step {step}: loss {out.loss.item():.4f}")
        fabric.save(f"checkpoints/whisper-epoch{epoch}.ckpt", {"model": model, "optimizer": optimizer})


if __name__ == "__main__":
    main()
