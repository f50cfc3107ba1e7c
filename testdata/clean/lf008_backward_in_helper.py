"""Each model's backward and step happen in a helper: the step after the helper call is
that helper's business, not judged here."""

import lightning as L
import torch


def critic_backward(fabric, critic, loss):
    fabric.backward(loss, model=critic)


def main(actor, critic, batches):
    fabric = L.Fabric(devices=2, strategy="deepspeed")
    fabric.launch()
    actor_opt = torch.optim.Adam(actor.parameters(), lr=3e-4)
    critic_opt = torch.optim.Adam(critic.parameters(), lr=1e-3)
    actor, actor_opt = fabric.setup(actor, actor_opt)
    critic, critic_opt = fabric.setup(critic, critic_opt)
    for obs, returns in batches:
        policy_loss = -critic(torch.cat([obs, actor(obs)], -1)).mean()
        fabric.backward(policy_loss, model=actor)
        actor_opt.step()
        critic_backward(fabric, critic, (critic(torch.cat([obs, actor(obs).detach()], -1)) - returns).pow(2).mean())
        critic_opt.step()
