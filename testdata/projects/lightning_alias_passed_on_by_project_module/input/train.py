import torch

from graph.imports import pl


class GraphModule(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 1)

    def training_step(self, batch, batch_idx):
        return self.lin(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=0.01)


if __name__ == "__main__":
    data = torch.utils.data.DataLoader(torch.randn(8, 2), batch_size=2)
    callbacks = [pl.callbacks.StochasticWeightAveraging(swa_lrs=0.01)]
    trainer = pl.Trainer(
        strategy="deepspeed_stage_2",
        devices=1,
        max_epochs=1,
        callbacks=callbacks,
    )
    trainer.fit(GraphModule(), data)
