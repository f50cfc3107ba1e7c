import torch
import torch.nn.functional as F
from lightning import Fabric


class Trainer:
    """A minimal custom trainer around Lightning Fabric."""

    def __init__(self, devices=2, max_epochs=10, precision="16-mixed"):
        self.fabric = Fabric(accelerator="cuda", devices=devices, strategy="deepspeed", precision=precision)
        self.max_epochs = max_epochs
        self.global_step = 0

    def fit(self, model, train_loader, lr=1e-4):
        optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
        train_loader = self.fabric.setup_dataloaders(train_loader)
        for epoch in range(self.max_epochs):
            for x, y in train_loader:
                preds = model(x)
                loss = F.mse_loss(preds, y)
                optimizer.zero_grad(set_to_none=True)
                self.fabric.backward(loss)
                optimizer.step()
                self.global_step += 1
            self.fabric.print(f"epoch {epoch}: {loss.item():.4f}")
        return model


if __name__ == "__main__":
    from regression import RegressionNet, make_loader

    Trainer(devices=4).fit(RegressionNet(), make_loader())
