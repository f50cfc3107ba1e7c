import lightning as L
import torch


def configure_optimizer(fabric, model, lr):
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    return fabric.setup_optimizers(optimizer)


def train(fabric, model, optimizer, loader):
    model.train()
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()


def main():
    fabric = L.Fabric(accelerator="gpu", devices=2, strategy="deepspeed_stage_2")
    fabric.launch()
    model = fabric.setup_module(torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 1)))
    optimizer = configure_optimizer(fabric, model, lr=1e-3)
    dataset = torch.utils.data.TensorDataset(torch.randn(256, 32), torch.randn(256, 1))
    loader = fabric.setup_dataloaders(torch.utils.data.DataLoader(dataset, batch_size=16))
    train(fabric, model, optimizer, loader)


if __name__ == "__main__":
    main()
