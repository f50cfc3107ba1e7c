"""An asteroid-style recipe: local/conf.yml read into a dict handed to main()."""
import lightning.pytorch as pl
import torch
import yaml


class System(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def main(conf):
    trainer = pl.Trainer(
        max_epochs=conf["training"]["epochs"],
        devices=1,
        strategy=conf["training"]["strategy"],
        precision=conf["training"]["precision"],
        gradient_clip_val=conf["training"]["gradient_clipping"],
        gradient_clip_algorithm=conf["training"]["gradient_clip_algorithm"],
    )
    trainer.fit(System(), torch.utils.data.DataLoader(torch.randn(12, 8), batch_size=4))


if __name__ == "__main__":
    with open("local/conf.yml") as f:
        main(yaml.safe_load(f))
