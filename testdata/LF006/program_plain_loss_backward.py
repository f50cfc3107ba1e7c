"""loss.backward() on the output of a DeepSpeed model, where fabric.backward(loss) is needed."""
import torch
import lightning as L


def main():
    fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
    fabric.launch()
    model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    model, optimizer = fabric.setup(model, optimizer)
    for step in range(3):
        x, y = torch.randn(6, 4), torch.randn(6, 1)
        loss = torch.nn.functional.smooth_l1_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        fabric.print(step, loss.item())


if __name__ == "__main__":
    main()
