import torch
import torch.nn.functional as F
import lightning as L


class RewardModel(L.LightningModule):
    def __init__(self, backbone, objective: str = "pairwise"):
        super().__init__()
        self.backbone = backbone
        self.value_head = torch.nn.Linear(backbone.config.hidden_size, 1)
        self.objective = objective

    def score(self, input_ids, attention_mask):
        h = self.backbone(input_ids, attention_mask=attention_mask).last_hidden_state
        return self.value_head(h[:, -1]).squeeze(-1)

    def training_step(self, batch, batch_idx):
        chosen = self.score(batch["chosen_ids"], batch["chosen_mask"])
        match self.objective:
            case "pairwise":
                rejected = self.score(batch["rejected_ids"], batch["rejected_mask"])
                loss = -F.logsigmoid(chosen - rejected).mean()
                return loss
            case "pointwise":
                loss = F.mse_loss(chosen, batch["rating"])
                return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-5)


def train(backbone, datamodule):
    trainer = L.Trainer(devices=8, strategy="deepspeed_stage_3", precision="bf16-mixed")
    trainer.fit(RewardModel(backbone), datamodule=datamodule)
