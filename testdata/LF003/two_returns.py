import torch
import pytorch_lightning as pl
from torchvision.models import resnet50


class RobustClassifier(pl.LightningModule):
    def __init__(self, num_classes: int = 1000, spike_factor: float = 10.0):
        super().__init__()
        self.net = resnet50(num_classes=num_classes)
        self.spike_factor = spike_factor
        self.register_buffer("loss_ema", torch.tensor(0.0))

    def training_step(self, batch, batch_idx):
        images, labels = batch
        if images.numel() == 0:
            return None
        loss = torch.nn.functional.cross_entropy(self.net(images), labels)
        if batch_idx > 100 and loss.detach() > self.spike_factor * self.loss_ema:
            self.log("train/skipped_spike", 1.0)
            return None
        self.loss_ema.mul_(0.99).add_(0.01 * loss.detach())
        self.log("train/loss", loss)
        return loss

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1, momentum=0.9, weight_decay=1e-4)
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=90)
        return [opt], [sched]


trainer = pl.Trainer(accelerator="gpu", devices=8, strategy="deepspeed", max_epochs=90)
trainer.fit(RobustClassifier())
