# args: --target-strategy deepspeed
import lightning as L
import torch


class Actor(torch.nn.Module):
    def __init__(self, obs_dim, act_dim):
        super().__init__()
        self.body = torch.nn.Sequential(torch.nn.Linear(obs_dim, 256), torch.nn.Tanh())
        self.policy = torch.nn.Linear(256, act_dim)
        self.value = torch.nn.Linear(256, 1)

    def forward(self, obs):
        h = self.body(obs)
        return self.policy(h), self.value(h)


def main(env, steps=1000):
    fabric = L.Fabric(devices=2, strategy="ddp")
    fabric.launch()
    agent = Actor(env.observation_space.shape[0], env.action_space.n)
    optimizer = torch.optim.Adam(agent.parameters(), lr=3e-4)
    agent, optimizer = fabric.setup(agent, optimizer)
    obs = torch.as_tensor(env.reset()[0], dtype=torch.float32, device=fabric.device)
    for _ in range(steps):
        logits, value = agent(obs)
        dist = torch.distributions.Categorical(logits=logits)
        action = dist.sample()
        next_obs, reward, terminated, truncated, _ = env.step(action.item())
        advantage = reward - value
        policy_loss = -(dist.log_prob(action) * advantage).mean()
        value_loss = advantage.pow(2).mean()
        optimizer.zero_grad()
        # The graph is kept for the explained-variance diagnostics below.
        (policy_loss + 0.5 * value_loss).backward(retain_graph=True)
        optimizer.step()
        fabric.log("explained_variance", 1 - advantage.var() / (reward + value).var())
        obs = torch.as_tensor(next_obs, dtype=torch.float32, device=fabric.device)
