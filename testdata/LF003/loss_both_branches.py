import torch
import torch.nn.functional as F
import lightning as L


class PolicyDistiller(L.LightningModule):
    def __init__(self, policy, use_kl: bool = True, max_kl: float = 5.0):
        super().__init__()
        self.policy = policy
        self.use_kl = use_kl
        self.max_kl = max_kl

    def training_step(self, batch, batch_idx):
        logits = self.policy(batch["obs"])
        if self.use_kl:
            loss = F.kl_div(logits.log_softmax(-1), batch["teacher_probs"], reduction="batchmean")
        else:
            loss = F.cross_entropy(logits, batch["teacher_probs"].argmax(-1))
        if loss.detach() > self.max_kl:
            self.log("train/skipped", 1.0)
            return None
        self.log("train/loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=3e-4)


def main(policy, loader):
    trainer = L.Trainer(devices=8, strategy="deepspeed")
    trainer.fit(PolicyDistiller(policy), loader)
