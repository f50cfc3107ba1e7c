import torch
import lightning as L

from esm_small import ESMConfig, MaskedProteinLM
from uniref import masked_batches


def main(max_steps=500_000, lr=4e-4):
    fabric = L.Fabric(accelerator="cuda", devices=8, strategy="ddp", precision="bf16-mixed")
    fabric.launch()
    model = MaskedProteinLM(ESMConfig(layers=33, embed_dim=1280, heads=20))
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr, betas=(0.9, 0.98), weight_decay=0.01)
    warmup = torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=1e-3, total_iters=2000)
    model, optimizer = fabric.setup(model, optimizer)

    model.train()
    for step, (tokens, targets, mask) in enumerate(masked_batches("data/uniref50", batch_size=32)):
        tokens, targets, mask = tokens.to(fabric.device), targets.to(fabric.device), mask.to(fabric.device)
        logits = model(tokens)
        loss = torch.nn.functional.cross_entropy(logits[mask], targets[mask])
        optimizer.zero_grad(set_to_none=True)
        fabric.backward(loss)
        optimizer.step()
        warmup.step()
        if step % 1000 == 0:
            fabric.print(f"step {step}: mlm loss {loss.item():.3f}")
        if step == max_steps:
            break
    fabric.save("checkpoints/esm_pretrained.ckpt", {"model": model})


if __name__ == "__main__":
    main()
