"""pytorch_lightning's LightningLite (1.x) shares the Trainer's accelerator connector: it takes the Trainer's `DeepSpeedStrategy`."""
import torch
from pytorch_lightning.lite import LightningLite
from pytorch_lightning.strategies import DeepSpeedStrategy


class Trainer(LightningLite):
    def run(self, model, loader):
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        model, optimizer = self.setup(model, optimizer)
        for x, y in self.setup_dataloaders(loader):
            loss = torch.nn.functional.mse_loss(model(x), y)
            optimizer.zero_grad()
            self.backward(loss)
            optimizer.step()


if __name__ == "__main__":
    config = {"zero_optimization": {"stage": 2}, "train_micro_batch_size_per_gpu": 8}
    trainer = Trainer(strategy=DeepSpeedStrategy(config=config), devices=2, accelerator="gpu", precision=16)
    trainer.run(torch.nn.Linear(4, 1), [])
