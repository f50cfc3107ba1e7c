import torch
import lightning as L


class MaskedAutoencoder(L.LightningModule):
    def __init__(self, encoder, decoder, mask_ratio: float = 0.75, lr: float = 1.5e-4):
        super().__init__()
        self.save_hyperparameters(ignore=["encoder", "decoder"])
        self.encoder = encoder
        self.decoder = decoder

    def training_step(self, batch, batch_idx):
        images, _ = batch
        patches = self.encoder.patchify(images)
        keep = int(patches.size(1) * (1 - self.hparams.mask_ratio))
        order = torch.rand(patches.size(0), patches.size(1), device=self.device).argsort(1)
        visible, masked = order[:, :keep], order[:, keep:]
        latent = self.encoder(patches, visible)
        pred = self.decoder(latent, visible, masked)
        target = torch.gather(patches, 1, masked.unsqueeze(-1).expand(-1, -1, patches.size(-1)))
        loss = (pred - target).pow(2).mean()
        if not torch.isfinite(loss):
            return sum(p.sum() for p in self.parameters() if p.requires_grad) * 0.0
        self.log("mae/loss", loss, prog_bar=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.hparams.lr, betas=(0.9, 0.95), weight_decay=0.05)
