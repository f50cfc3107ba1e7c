import torch
import lightning as L

HELP = "return None from training_step to skip a batch (not under DeepSpeed)"


class CaptionModel(L.LightningModule):
    """A captioner.

    Note: never ``return None`` in training_step; under DeepSpeed that raises
    "Skipping backward by returning `None` from your `training_step`".
    """

    def __init__(self, model):
        super().__init__()
        self.model = model

    def training_step(self, batch, batch_idx):
        # if batch is None:
        #     return None
        loss = self.model(batch["pixel_values"], labels=batch["labels"]).loss
        self.log("train/loss", loss)
        note = "return None"
        assert note
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-5)


trainer = L.Trainer(strategy="deepspeed_stage_2", devices=8)
