from pytorch_lightning.lite import LightningLite
import torch
import torch.nn.functional as F


def update(fabric, actor, critic, actor_opt, critic_opt, batch, gamma=0.99):
    obs, actions, rewards, next_obs, dones = batch
    with torch.no_grad():
        target = rewards + gamma * (1 - dones) * critic(next_obs).squeeze(-1)
    value_loss = F.mse_loss(critic(obs).squeeze(-1), target)
    critic_opt.zero_grad()
    fabric.backward(value_loss, model=critic)

    log_probs = torch.distributions.Categorical(logits=actor(obs)).log_prob(actions)
    advantage = (target - critic(obs).squeeze(-1)).detach()
    policy_loss = -(log_probs * advantage).mean()
    actor_opt.zero_grad()
    fabric.backward(policy_loss, model=actor)
    critic_opt.step()
    actor_opt.step()


class ActorCritic(LightningLite):
    def run(self, make_actor, make_critic, replay):
        actor, critic = make_actor(), make_critic()
        actor_opt = torch.optim.Adam(actor.parameters(), lr=3e-4)
        critic_opt = torch.optim.Adam(critic.parameters(), lr=1e-3)
        actor, actor_opt = self.setup(actor, actor_opt)
        critic, critic_opt = self.setup(critic, critic_opt)
        for batch in replay:
            update(self, actor, critic, actor_opt, critic_opt, batch)


if __name__ == "__main__":
    from agents import make_actor, make_critic, replay_buffer

    ActorCritic(devices=2, strategy="deepspeed").run(make_actor, make_critic, replay_buffer())
