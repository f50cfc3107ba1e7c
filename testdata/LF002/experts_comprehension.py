import torch
import torch.nn.functional as F
import lightning as L

from moe import make_expert


def main(loader, n_experts=4):
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_2")
    fabric.launch()
    experts = [make_expert(i) for i in range(n_experts)]
    # every expert gets its own engine: n_experts setups
    experts = [fabric.setup(e, torch.optim.Adam(e.parameters(), lr=1e-4)) for e in experts]

    for x, y, route in fabric.setup_dataloaders(loader):
        for k, (expert, opt) in enumerate(experts):
            mask = route == k
            loss = F.cross_entropy(expert(x[mask]), y[mask])
            opt.zero_grad()
            fabric.backward(loss)
            opt.step()


if __name__ == "__main__":
    main(loader=None)
