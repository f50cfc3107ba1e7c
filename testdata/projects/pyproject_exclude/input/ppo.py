import torch
import lightning as L

from agents import Actor, Critic
from rollout import collect_rollout, minibatches


def train(env, iterations=500, epochs=4, clip=0.2):
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_2")
    fabric.launch()
    actor, critic = Actor(env.observation_space, env.action_space), Critic(env.observation_space)
    actor_opt = torch.optim.Adam(actor.parameters(), lr=3e-4)
    critic_opt = torch.optim.Adam(critic.parameters(), lr=1e-3)
    actor, actor_opt = fabric.setup(actor, actor_opt)
    critic, critic_opt = fabric.setup(critic, critic_opt)

    for it in range(iterations):
        rollout = collect_rollout(env, actor, critic, steps=2048, device=fabric.device)
        for _ in range(epochs):
            for obs, actions, old_logp, advantages, returns in minibatches(rollout, size=256):
                ratio = (actor(obs).log_prob(actions) - old_logp).exp()
                clipped = ratio.clamp(1 - clip, 1 + clip)
                actor_loss = -torch.min(ratio * advantages, clipped * advantages).mean()
                actor_opt.zero_grad()
                fabric.backward(actor_loss)
                actor_opt.step()

                critic_loss = (critic(obs).squeeze(-1) - returns).pow(2).mean()
                critic_opt.zero_grad()
                fabric.backward(critic_loss)
                critic_opt.step()
        fabric.print(f"iteration {it}: return {rollout.episode_return:.1f}")
