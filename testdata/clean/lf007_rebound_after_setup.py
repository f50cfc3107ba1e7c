import lightning as L
import torch


def main(model, loader):
    fabric = L.Fabric(devices=2, strategy="deepspeed_stage_2")
    fabric.launch()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    ds_model, optimizer = fabric.setup(model, optimizer)
    model = ds_model  # the rest of the script keeps using `model`
    for x, y in fabric.setup_dataloaders(loader):
        loss = torch.nn.functional.l1_loss(model(x), y)
        fabric.backward(loss, model=model)
        optimizer.step()
        optimizer.zero_grad()
