import torch
from lightning.pytorch import LightningModule, Trainer


class TwoHeads(LightningModule):
    def __init__(self, encoder, head_a, head_b, joint: bool):
        super().__init__()
        self.encoder = encoder
        self.head_a = head_a
        self.head_b = head_b
        self.joint = joint
        self.automatic_optimization = False

    def training_step(self, batch, batch_idx):
        opt_a, opt_b = self.optimizers()
        features = self.encoder(batch)
        for opt, head in ((opt_a, self.head_a), (opt_b, self.head_b)):
            opt.zero_grad()
            self.manual_backward(head(features).mean())
            opt.step()

    def configure_optimizers(self):
        # Whichever branch runs, Lightning raises once: one finding.
        if self.joint:
            return [
                torch.optim.AdamW(self.head_a.parameters()),
                torch.optim.AdamW(self.head_b.parameters()),
            ]
        return (
            torch.optim.SGD(self.head_a.parameters(), lr=0.1),
            torch.optim.SGD(self.head_b.parameters(), lr=0.1),
        )


def train(encoder, head_a, head_b, loader):
    trainer = Trainer(strategy="deepspeed_stage_2", devices=2)
    trainer.fit(TwoHeads(encoder, head_a, head_b, joint=True), loader)
