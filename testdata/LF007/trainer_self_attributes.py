import argparse

import torch
from lightning.fabric import Fabric


class Trainer:
    def __init__(self, model, strategy):
        self.fabric = Fabric(devices=2, strategy=strategy)
        self.fabric.launch()
        self.model = model

    def fit(self, loader, epochs):
        optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.engine, optimizer = self.fabric.setup(self.model, optimizer)
        for _ in range(epochs):
            for batch in self.fabric.setup_dataloaders(loader):
                loss = self.engine(**batch).loss
                self.fabric.backward(loss, model=self.model)
                optimizer.step()
                optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default="deepspeed_stage_2", choices=["ddp", "deepspeed_stage_2"])
    args = parser.parse_args()
    from transformers import AutoModelForCausalLM

    Trainer(AutoModelForCausalLM.from_pretrained("gpt2"), args.strategy).fit(loader=None, epochs=1)
