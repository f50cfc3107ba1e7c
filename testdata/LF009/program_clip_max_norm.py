"""fabric.clip_gradients() under DeepSpeed, which clips by its config instead."""
import torch
import lightning as L


def main():
    fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
    fabric.launch()
    model = torch.nn.GRU(input_size=3, hidden_size=5, batch_first=True)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    model, optimizer = fabric.setup(model, optimizer)
    for _ in range(3):
        output, _ = model(torch.randn(2, 6, 3))
        loss = output.pow(2).mean()
        optimizer.zero_grad()
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()


if __name__ == "__main__":
    main()
