import torch
import torch.nn.functional as F
import lightning as L
from torchvision.models import resnet50

from legacy_data import imagenet_batches, noise


def train_classifier(epochs=90):
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_2")
    fabric.launch()
    net = resnet50(num_classes=1000)
    sgd = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9, weight_decay=1e-4)
    for epoch in range(epochs):
        for images, labels in imagenet_batches(batch_size=64):
            loss = F.cross_entropy(net(images), labels)
            sgd.zero_grad()
            fabric.backward(loss)
            sgd.step()


def train_gan(generator, discriminator, steps=100_000):
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_2")
    fabric.launch()
    opt_g = torch.optim.Adam(generator.parameters(), lr=2e-4, betas=(0.0, 0.99))
    opt_d = torch.optim.Adam(discriminator.parameters(), lr=2e-4, betas=(0.0, 0.99))
    generator, opt_g = fabric.setup(generator, opt_g)
    discriminator, opt_d = fabric.setup(discriminator, opt_d)
    for step, (real, _) in enumerate(imagenet_batches(batch_size=32)):
        fake = generator(noise(real.size(0), device=fabric.device))
        loss_d = F.softplus(discriminator(fake.detach())).mean() + F.softplus(-discriminator(real)).mean()
        opt_d.zero_grad()
        fabric.backward(loss_d, model=discriminator)
        opt_d.step()
        loss_g = F.softplus(-discriminator(fake)).mean()
        opt_g.zero_grad()
        fabric.backward(loss_g, model=generator)
        opt_g.step()
        if step == steps:
            break
