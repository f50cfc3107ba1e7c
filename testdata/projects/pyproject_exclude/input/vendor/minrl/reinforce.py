"""minrl: a minimal REINFORCE baseline (vendored from upstream, v0.4.1)."""
import torch
import lightning as L


def reinforce(env, policy, episodes=1000, gamma=0.99, lr=1e-3):
    fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed")
    fabric.launch()
    optimizer = torch.optim.Adam(policy.parameters(), lr=lr)
    for episode in range(episodes):
        obs, _ = env.reset()
        log_probs, rewards, done = [], [], False
        while not done:
            dist = torch.distributions.Categorical(logits=policy(torch.as_tensor(obs, device=fabric.device)))
            action = dist.sample()
            obs, reward, terminated, truncated, _ = env.step(action.item())
            log_probs.append(dist.log_prob(action))
            rewards.append(reward)
            done = terminated or truncated
        returns, running = [], 0.0
        for r in reversed(rewards):
            running = r + gamma * running
            returns.insert(0, running)
        returns = torch.tensor(returns, device=fabric.device)
        loss = -(torch.stack(log_probs) * (returns - returns.mean())).sum()
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()
