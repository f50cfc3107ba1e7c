import torch
import torch.nn.functional as F
import lightning as L

from nets import PolicyNet, ValueNet


def main(rollouts):
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="ddp")
    fabric.launch()
    actor, critic = PolicyNet(), ValueNet()
    actor, actor_opt = fabric.setup(actor, torch.optim.Adam(actor.parameters(), lr=3e-4))
    critic, critic_opt = fabric.setup(critic, torch.optim.Adam(critic.parameters(), lr=1e-3))

    for states, actions, returns in rollouts:
        values = critic(states).squeeze(-1)
        critic_loss = F.mse_loss(values, returns)
        critic_opt.zero_grad()
        fabric.backward(critic_loss)
        critic_opt.step()

        advantage = (returns - values).detach()
        logp = actor(states).log_prob(actions)
        actor_loss = -(logp * advantage).mean()
        actor_opt.zero_grad()
        fabric.backward(actor_loss)
        actor_opt.step()
