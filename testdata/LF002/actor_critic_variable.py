import gymnasium as gym
import torch
from torch import nn
from lightning import Fabric

STRATEGY = "deepspeed_stage_2_offload"


def mlp(i, o):
    return nn.Sequential(nn.Linear(i, 64), nn.Tanh(), nn.Linear(64, o))


def run(episodes=500, gamma=0.99):
    fabric = Fabric(accelerator="cuda", devices=1, strategy=STRATEGY)
    fabric.launch()
    env = gym.make("CartPole-v1")
    n_obs, n_act = env.observation_space.shape[0], env.action_space.n

    actor = mlp(n_obs, n_act)
    actor, actor_optim = fabric.setup(actor, torch.optim.Adam(actor.parameters(), lr=3e-4))
    critic = mlp(n_obs, 1)
    critic_optim = torch.optim.Adam(critic.parameters(), lr=1e-3)
    critic, critic_optim = fabric.setup(critic, critic_optim)

    for ep in range(episodes):
        obs, _ = env.reset()
        done = False
        while not done:
            s = torch.as_tensor(obs, device=fabric.device)
            dist = torch.distributions.Categorical(logits=actor(s))
            action = dist.sample()
            obs, reward, term, trunc, _ = env.step(action.item())
            done = term or trunc
            s2 = torch.as_tensor(obs, device=fabric.device)
            target = reward + gamma * critic(s2).detach() * (not done)
            advantage = target - critic(s)

            critic_loss = advantage.pow(2).mean()
            critic_optim.zero_grad()
            fabric.backward(critic_loss)
            critic_optim.step()

            actor_loss = -dist.log_prob(action) * advantage.detach()
            actor_optim.zero_grad()
            fabric.backward(actor_loss.mean())
            actor_optim.step()
