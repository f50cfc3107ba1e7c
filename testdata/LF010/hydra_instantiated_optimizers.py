# `optimizer/adamw.yaml` holds `_target_: torch.optim.AdamW`, as does the
# `train.head_optimizer` key: each call builds one optimizer.
import hydra
from lightning.pytorch import LightningModule, Trainer


class SequenceModel(LightningModule):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg

    def training_step(self, batch, batch_idx):
        return self.backbone(batch).mean()

    def configure_optimizers(self):
        optimizer = hydra.utils.instantiate(self.cfg.optimizer, params=self.backbone.parameters())
        head_optimizer = hydra.utils.instantiate(self.cfg.train.head_optimizer, self.head.parameters())
        return [optimizer, head_optimizer]


@hydra.main(config_path="configs", config_name="config")
def main(cfg):
    trainer = Trainer(strategy="deepspeed_stage_2", max_epochs=cfg.epochs)
    trainer.fit(SequenceModel(cfg))
