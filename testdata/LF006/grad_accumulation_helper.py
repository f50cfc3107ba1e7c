import lightning as L
import torch
from torch.utils.data import DataLoader

from litgpt import GPT, Config
from litgpt.utils import chunked_cross_entropy

GRADIENT_ACCUMULATION_ITERS = 4


def train_epoch(fabric, model, optimizer, loader):
    for step, batch in enumerate(loader):
        input_ids, targets = batch
        logits = model(input_ids)
        loss = chunked_cross_entropy(logits, targets)
        (loss / GRADIENT_ACCUMULATION_ITERS).backward()
        if (step + 1) % GRADIENT_ACCUMULATION_ITERS == 0:
            optimizer.step()
            optimizer.zero_grad()


def main(dataset):
    fabric = L.Fabric(devices=4, strategy="deepspeed_stage_2_offload", precision="bf16-mixed")
    fabric.launch()
    model = GPT(Config.from_name("pythia-410m"))
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    model, optimizer = fabric.setup(model, optimizer)
    loader = fabric.setup_dataloaders(DataLoader(dataset, batch_size=8, shuffle=True))
    for _ in range(3):
        train_epoch(fabric, model, optimizer, loader)
