import torch
import torch.nn.functional as F
import lightning as L


class ImageClassifier(L.LightningModule):
    def __init__(self, net: torch.nn.Module, lr: float = 1e-3):
        super().__init__()
        self.net = net
        self.lr = lr

    def training_step(self, batch, batch_idx):
        images, labels = batch
        logits = self.net(images)
        loss = F.cross_entropy(logits, labels)
        if batch_idx % 100 == 0:
            self.log("train/acc", (logits.argmax(-1) == labels).float().mean())
        self.log("train/loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.lr)


def main(net, datamodule):
    trainer = L.Trainer(devices=8, strategy="deepspeed_stage_2", precision="16-mixed")
    trainer.fit(ImageClassifier(net), datamodule=datamodule)
