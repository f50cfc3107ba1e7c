import torch
import torch.nn.functional as F

from fabric_ext import MyFabric
from nanogpt import GPT, GPTConfig, token_loader


def main(max_steps=100_000):
    fabric = MyFabric(accelerator="cuda", devices=8, strategy="deepspeed_stage_2", precision="bf16-mixed",
                      log_every=20, run_dir="runs/gpt-350m")
    fabric.launch()
    model = GPT(GPTConfig(n_layer=24, n_head=16, n_embd=1024, block_size=1024))
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4, betas=(0.9, 0.95), weight_decay=0.1)
    model, optimizer = fabric.setup(model, optimizer)
    loader = fabric.setup_dataloaders(token_loader("data/fineweb", batch_size=16, block_size=1024))

    for step, (x, y) in enumerate(loader):
        logits = model(x)
        loss = F.cross_entropy(logits.flatten(0, 1), y.flatten())
        fabric.backward(loss)
        fabric.step(optimizer)
        fabric.log_throughput(step, x.numel())
        if step and step % 5000 == 0:
            fabric.save_run(step, model, optimizer)
        if step == max_steps:
            break


if __name__ == "__main__":
    main()
