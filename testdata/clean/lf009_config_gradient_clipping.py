"""DeepSpeed clips inside its optimizer step, as its config says."""

import lightning as L
import torch
from lightning.fabric.strategies import DeepSpeedStrategy

config = {
    "zero_optimization": {"stage": 2, "overlap_comm": True},
    "gradient_clipping": 1.0,
    "train_micro_batch_size_per_gpu": 8,
}


def main(model, loader):
    fabric = L.Fabric(devices=8, strategy=DeepSpeedStrategy(config=config), precision="bf16-mixed")
    fabric.launch()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    model, optimizer = fabric.setup(model, optimizer)
    for x, y in fabric.setup_dataloaders(loader):
        loss = torch.nn.functional.mse_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
