import lightning.pytorch as L
import torch


class Net(L.LightningModule):
    def __init__(self, precision=64, strategy="deepspeed"):
        super().__init__()
        self.lin = torch.nn.Linear(2, 1)
        self.train_precision = precision
        self.strategy_name = strategy
        self.max_epochs = 1

    def training_step(self, batch, batch_idx):
        return self.lin(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=0.01)


if __name__ == "__main__":
    net = Net()
    data = torch.utils.data.DataLoader(torch.randn(8, 2), batch_size=2)
    trainer = L.Trainer(
        strategy=net.strategy_name,
        precision=net.train_precision,
        devices=1,
        max_epochs=net.max_epochs,
    )
    trainer.fit(net, data)
