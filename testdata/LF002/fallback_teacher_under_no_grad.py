import torch
import torch.nn.functional as F
import lightning as L

from rl.nets import PolicyNet, ValueNet


def apply_update(optimizer):
    optimizer.step()
    optimizer.zero_grad()


def fit_advantage(fabric, value_fn, policy_fn, v_optim, rollouts):
    # the policy only gives a baseline: it runs without gradients
    for states, returns in rollouts:
        with torch.no_grad():
            baseline = policy_fn(states).mean(-1)
        predicted = value_fn(states).squeeze(-1)
        loss = F.smooth_l1_loss(predicted, returns - baseline)
        fabric.backward(loss)
        apply_update(v_optim)


def main():
    fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
    fabric.launch()
    policy = PolicyNet(obs_dim=17, act_dim=6)
    value = ValueNet(obs_dim=17)
    policy, p_optim = fabric.setup(policy, torch.optim.Adam(policy.parameters(), lr=3e-4))
    value, v_optim = fabric.setup(value, torch.optim.Adam(value.parameters(), lr=1e-3))
    fit_advantage(fabric, value, policy, v_optim, collect_rollouts(policy, n=64))


if __name__ == "__main__":
    main()
