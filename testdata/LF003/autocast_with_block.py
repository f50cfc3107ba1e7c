import torch
import torch.nn.functional as F
import lightning as L


class AudioDenoiser(L.LightningModule):
    def __init__(self, net: torch.nn.Module, min_loss: float = 1e-4):
        super().__init__()
        self.net = net
        self.min_loss = min_loss

    def training_step(self, batch, batch_idx):
        noisy, clean = batch
        with torch.autocast("cuda", dtype=torch.bfloat16):
            denoised = self.net(noisy)
            loss = F.l1_loss(denoised, clean)
        if loss.item() < self.min_loss:
            # already solved this clip; do not over-fit it
            return None
        self.log("train/l1", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=2e-4)


if __name__ == "__main__":
    from my_project.nets import DemucsLike

    trainer = L.Trainer(devices=4, strategy="deepspeed_stage_2")
    trainer.fit(AudioDenoiser(DemucsLike()))
