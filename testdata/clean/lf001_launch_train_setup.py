import torch
import lightning as L


def run(fabric):
    model = torch.nn.LSTM(input_size=8, hidden_size=32, batch_first=True)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    model, optimizer = fabric.setup(model, optimizer)
    for series in torch.load("series.pt"):
        series = series.to(fabric.device)
        out, _ = model(series[:, :-1])
        loss = torch.nn.functional.mse_loss(out[..., :8], series[:, 1:])
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = L.Fabric(devices=2, strategy="deepspeed")
    fabric.launch(run)
