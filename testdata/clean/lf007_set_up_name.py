import lightning as L
import torch
import torch.nn.functional as F


def main(actor, critic, loader):
    fabric = L.Fabric(devices=2, strategy="deepspeed")
    fabric.launch()
    actor_opt = torch.optim.Adam(actor.parameters(), lr=3e-4)
    critic_opt = torch.optim.Adam(critic.parameters(), lr=1e-3)
    actor, actor_opt = fabric.setup(actor, actor_opt)
    critic, critic_opt = fabric.setup(critic, critic_opt)
    for obs, returns in fabric.setup_dataloaders(loader):
        value_loss = F.mse_loss(critic(obs).squeeze(-1), returns)
        critic_opt.zero_grad()
        fabric.backward(value_loss, model=critic)
        critic_opt.step()
        policy_loss = -critic(torch.cat([obs, actor(obs)], dim=-1)).mean()
        actor_opt.zero_grad()
        fabric.backward(policy_loss, model=actor)
        actor_opt.step()
