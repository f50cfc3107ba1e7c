"""Preference tuning: the actor and a frozen reference model are set up one
by one, then the actor's optimizer. Under DeepSpeed they must be set up
jointly, and the optimizer belongs with the actor it was built from, not with
the reference set up last."""

import torch
from lightning.fabric import Fabric


def main():
    fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
    fabric.launch()
    actor = torch.nn.Linear(4, 1)
    reference = torch.nn.Linear(4, 1)
    reference.requires_grad_(False)
    actor = fabric.setup_module(actor)
    reference = fabric.setup_module(reference)
    optimizer = torch.optim.Adam(actor.parameters(), lr=1e-3)
    optimizer = fabric.setup_optimizers(optimizer)
    for _ in range(3):
        x = torch.randn(8, 4)
        with torch.no_grad():
            baseline = reference(x)
        loss = (actor(x) - baseline).pow(2).mean()
        fabric.backward(loss, model=actor)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    main()
