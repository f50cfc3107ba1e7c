"""pytorch_lightning 1.5 named the strategy DeepSpeedPlugin: it is DeepSpeed all the same."""
import pytorch_lightning as pl
from pytorch_lightning.plugins import DeepSpeedPlugin


class M(pl.LightningModule):
    def training_step(self, batch, batch_idx):
        loss = self.model(batch)
        if loss.isnan():
            return None
        return loss


trainer = pl.Trainer(gpus=2, strategy=DeepSpeedPlugin(stage=2))
trainer.fit(M())
