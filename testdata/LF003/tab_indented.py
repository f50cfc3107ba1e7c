import torch
import lightning as L


class TabbedAutoencoder(L.LightningModule):
	def __init__(self, dim: int = 784, latent: int = 32, recon_epochs: int = 30):
		super().__init__()
		self.recon_epochs = recon_epochs
		self.enc = torch.nn.Sequential(torch.nn.Linear(dim, 256), torch.nn.ReLU(), torch.nn.Linear(256, latent))
		self.dec = torch.nn.Sequential(torch.nn.Linear(latent, 256), torch.nn.ReLU(), torch.nn.Linear(256, dim))

	def training_step(self, batch, batch_idx):
		x, _ = batch
		if x.size(0) < 2:
			return None
		x = x.view(x.size(0), -1)
		recon = self.dec(self.enc(x))
		loss = torch.nn.functional.mse_loss(recon, x)
		if self.global_step % 50 == 0:
			self.log("train/recon", loss)
		if self.current_epoch < self.recon_epochs:
			return loss

	def configure_optimizers(self):
		return torch.optim.Adam(self.parameters(), lr=1e-3)


if __name__ == "__main__":
	trainer = L.Trainer(devices=2, strategy="deepspeed_stage_2", max_epochs=40)
	trainer.fit(TabbedAutoencoder())
