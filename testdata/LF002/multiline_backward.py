import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import DeepSpeedStrategy

from wgan import Critic, Generator


def fit(loader, n_critic=5, lambda_gp=10.0):
    strategy = DeepSpeedStrategy(stage=2, offload_optimizer=True)
    fabric = Fabric(accelerator="cuda", devices=4, strategy=strategy)
    fabric.launch()

    critic, generator = Critic(), Generator()
    opt_c = torch.optim.Adam(critic.parameters(), lr=1e-4, betas=(0.0, 0.9))
    opt_g = torch.optim.Adam(generator.parameters(), lr=1e-4, betas=(0.0, 0.9))
    critic, opt_c = fabric.setup(critic, opt_c)
    generator, opt_g = fabric.setup(generator, opt_g)
    loader = fabric.setup_dataloaders(loader)

    for i, real in enumerate(loader):
        z = torch.randn(real.size(0), 128, device=fabric.device)
        fake = generator(z).detach()
        alpha = torch.rand(real.size(0), 1, 1, 1, device=fabric.device)
        mix = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
        grad = torch.autograd.grad(critic(mix).sum(), mix, create_graph=True)[0]
        gp = ((grad.flatten(1).norm(dim=1) - 1) ** 2).mean()
        loss_c = critic(fake).mean() - critic(real).mean() + lambda_gp * gp

        opt_c.zero_grad()
        fabric.backward(
            loss_c,
        )
        opt_c.step()

        if i % n_critic == 0:
            loss_g = -critic(generator(z)).mean()
            opt_g.zero_grad()
            fabric.backward(
                loss_g
            )
            opt_g.step()
