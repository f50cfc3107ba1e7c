import torch
import torch.nn.functional as F
import lightning as L


class CurriculumTagger(L.LightningModule):
    def __init__(self, encoder, num_tags: int, curriculum):
        super().__init__()
        self.encoder = encoder
        self.classifier = torch.nn.Linear(encoder.output_dim, num_tags)
        self.curriculum = curriculum

    def training_step(self, batch, batch_idx):
        h = self.encoder(batch["tokens"], batch["lengths"])
        logits = self.classifier(h)
        loss = F.cross_entropy(logits.transpose(1, 2), batch["tags"], ignore_index=-100)
        acc = (logits.argmax(-1) == batch["tags"]).float().mean()
        if self.curriculum.too_hard(batch["difficulty"], self.current_epoch):
            return None
        return {"loss": loss, "acc": acc.detach()}

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


def main(encoder, curriculum, datamodule):
    trainer = L.Trainer(devices=2, strategy="deepspeed_stage_1")
    trainer.fit(CurriculumTagger(encoder, 17, curriculum), datamodule=datamodule)
