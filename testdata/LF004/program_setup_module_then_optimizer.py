"""FSDP-style set-up (module first, then the optimizer) switched to DeepSpeed."""
import torch
import lightning as L


def main():
    fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_3")
    fabric.launch()
    model = torch.nn.Sequential(torch.nn.Linear(7, 7), torch.nn.GELU(), torch.nn.Linear(7, 2))
    model = fabric.setup_module(model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4, weight_decay=0.01)
    optimizer = fabric.setup_optimizers(optimizer)
    for _ in range(2):
        x, target = torch.randn(4, 7), torch.randint(0, 2, (4,))
        loss = torch.nn.functional.cross_entropy(model(x), target)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


main()
