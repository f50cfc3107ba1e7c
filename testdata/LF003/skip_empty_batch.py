import torch
import torch.nn.functional as F
import lightning as L
from torch.utils.data import DataLoader


class SpeechClassifier(L.LightningModule):
    def __init__(self, n_mels: int = 80, n_classes: int = 35, lr: float = 3e-4):
        super().__init__()
        self.save_hyperparameters()
        self.encoder = torch.nn.GRU(n_mels, 256, batch_first=True)
        self.head = torch.nn.Linear(256, n_classes)

    def forward(self, x):
        out, _ = self.encoder(x)
        return self.head(out[:, -1])

    def training_step(self, batch, batch_idx):
        # the collate function returns None when every clip failed to decode
        if batch is None:
            return None
        feats, labels = batch
        logits = self(feats)
        loss = F.cross_entropy(logits, labels)
        self.log("train/loss", loss, prog_bar=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.hparams.lr)


def main(train_loader: DataLoader):
    model = SpeechClassifier()
    trainer = L.Trainer(accelerator="gpu", devices=4, strategy="deepspeed", precision="16-mixed")
    trainer.fit(model, train_loader)
