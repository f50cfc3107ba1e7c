"""Linear probe on the frozen VAE encoder, with a plain Fabric loop."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from mnist import mnist_loader
from model import VAE


def main(checkpoint="checkpoints/vae.ckpt", epochs=10):
    fabric = Fabric(accelerator="cuda", devices=2, strategy="ddp")
    fabric.launch()
    encoder = VAE.load_from_checkpoint(checkpoint).encoder.eval().requires_grad_(False)
    probe = torch.nn.Linear(encoder[-1].out_features // 2, 10)
    optimizer = torch.optim.SGD(probe.parameters(), lr=0.1, momentum=0.9)
    encoder = fabric.to_device(encoder)
    for epoch in range(epochs):
        for x, y in mnist_loader("data", train=True, batch_size=512):
            x, y = fabric.to_device((x, y))
            with torch.no_grad():
                mu, _ = encoder(x).chunk(2, dim=-1)
            loss = F.cross_entropy(probe(mu), y)
            optimizer.zero_grad()
            fabric.backward(loss)
            optimizer.step()
        fabric.print(f"epoch {epoch}: probe loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
