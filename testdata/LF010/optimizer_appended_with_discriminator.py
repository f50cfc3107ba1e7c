import torch
import lightning.pytorch as pl


class Autoencoder(pl.LightningModule):
    def __init__(self, with_discriminator: bool):
        super().__init__()
        self.automatic_optimization = False
        self.encoder = torch.nn.Linear(8, 2)
        self.discriminator = torch.nn.Linear(8, 1) if with_discriminator else None

    def training_step(self, batch, batch_idx):
        for opt in self.optimizers():
            opt.zero_grad()

    def configure_optimizers(self):
        opts = [torch.optim.Adam(self.encoder.parameters())]
        if self.discriminator is not None:
            opts.append(torch.optim.Adam(self.discriminator.parameters()))
        return opts


trainer = pl.Trainer(strategy="deepspeed_stage_2", devices=8)
trainer.fit(Autoencoder(with_discriminator=True))
