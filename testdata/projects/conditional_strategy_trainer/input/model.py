import torch
import torch.nn.functional as F
import lightning as L


class ContrastiveModule(L.LightningModule):
    """CLIP-style image/text contrastive pre-training."""

    def __init__(self, image_encoder, text_encoder, embed_dim: int = 512, lr: float = 5e-4):
        super().__init__()
        self.save_hyperparameters(ignore=["image_encoder", "text_encoder"])
        self.image_encoder = image_encoder
        self.text_encoder = text_encoder
        self.image_proj = torch.nn.Linear(image_encoder.width, embed_dim, bias=False)
        self.text_proj = torch.nn.Linear(text_encoder.width, embed_dim, bias=False)
        self.logit_scale = torch.nn.Parameter(torch.tensor(2.659))

    def training_step(self, batch, batch_idx):
        images, tokens = batch
        if images.size(0) < 2:
            # the last, ragged batch has no negatives to contrast with
            return None
        img = F.normalize(self.image_proj(self.image_encoder(images)), dim=-1)
        txt = F.normalize(self.text_proj(self.text_encoder(tokens)), dim=-1)
        logits = self.logit_scale.exp().clamp(max=100) * img @ txt.t()
        labels = torch.arange(logits.size(0), device=logits.device)
        loss = (F.cross_entropy(logits, labels) + F.cross_entropy(logits.t(), labels)) / 2
        self.log("train/contrastive", loss, prog_bar=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.hparams.lr, weight_decay=0.2)
