import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from nets import ResNetGenerator, PatchCritic

STEPS = 10_000


def main():
    fabric = Fabric(devices=8, strategy="deepspeed_stage_3")
    fabric.launch()

    gen = ResNetGenerator()
    critic = PatchCritic()
    g_opt = torch.optim.AdamW(gen.parameters(), lr=1e-4)
    c_opt = torch.optim.AdamW(critic.parameters(), lr=4e-4)
    gen, g_opt = fabric.setup(gen, g_opt)
    critic, c_opt = fabric.setup(critic, c_opt)
    data = fabric.setup_dataloaders(make_loader())

    it = iter(data)
    for step in range(STEPS):
        src, tgt = next(it)
        g_opt.zero_grad(set_to_none=True)
        c_opt.zero_grad(set_to_none=True)

        # generator first: hinge loss on the critic's score of the fake
        fake = gen(src)
        g_loss = -critic(fake).mean() + 10.0 * F.l1_loss(fake, tgt)
        fabric.backward(g_loss)
        g_opt.step()

        # then the critic
        c_loss = F.relu(1.0 - critic(tgt)).mean() + F.relu(1.0 + critic(fake.detach())).mean()
        fabric.backward(c_loss, retain_graph=False)
        c_opt.step()

        if step % 100 == 0:
            fabric.log_dict({"g_loss": g_loss, "c_loss": c_loss}, step=step)


if __name__ == "__main__":
    main()
