import torch
from torch import nn
from lightning import Fabric


def main():
    fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
    policy = nn.Sequential(nn.Linear(8, 64), nn.Tanh(), nn.Linear(64, 4))
    optimizer = torch.optim.Adam(policy.parameters(), lr=3e-4)

    for update in range(500):
        states = torch.randn(256, 8, device=fabric.device)
        actions = torch.randint(0, 4, (256,), device=fabric.device)
        returns = torch.randn(256, device=fabric.device)
        log_probs = torch.log_softmax(policy(states), dim=-1)
        chosen = log_probs.gather(1, actions.unsqueeze(1)).squeeze(1)
        loss = -(chosen * returns).mean()
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()


if __name__ == "__main__":
    main()
