import torch
import torch.nn.functional as F
import lightning as L


class LinearProbe(L.LightningModule):
    """Linear evaluation on top of a frozen MAE encoder."""

    def __init__(self, encoder, num_classes: int = 1000, lr: float = 0.1):
        super().__init__()
        self.save_hyperparameters(ignore=["encoder"])
        self.encoder = encoder.requires_grad_(False).eval()
        self.head = torch.nn.Sequential(torch.nn.BatchNorm1d(encoder.embed_dim, affine=False),
                                        torch.nn.Linear(encoder.embed_dim, num_classes))

    def training_step(self, batch, batch_idx):
        images, labels = batch
        if images.size(0) == 1:
            # BatchNorm cannot normalise a batch of one
            return None
        with torch.no_grad():
            features = self.encoder(images).mean(1)
        loss = F.cross_entropy(self.head(features), labels)
        self.log("probe/loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.head.parameters(), lr=self.hparams.lr, momentum=0.9)
