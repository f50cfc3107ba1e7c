import torch
import torch.nn.functional as F

from fabric_ext import MyFabric
from nanogpt import GPT, instruction_loader


class Finetuner(MyFabric):
    """LightningLite-style: the training loop is a method of the Fabric itself."""

    def run(self, checkpoint, epochs=3, lr=2e-5):
        model = GPT.from_checkpoint(checkpoint)
        optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.0)
        model, optimizer = self.setup(model, optimizer)
        loader = self.setup_dataloaders(instruction_loader("data/alpaca.jsonl", batch_size=8))
        step = 0
        for epoch in range(epochs):
            for x, y, loss_mask in loader:
                logits = model(x)
                loss = (F.cross_entropy(logits.flatten(0, 1), y.flatten(), reduction="none")
                        * loss_mask.flatten()).sum() / loss_mask.sum()
                self.backward(loss)
                self.step(optimizer)
                self.log_throughput(step, x.numel())
                step += 1
        self.save_run(step, model, optimizer)


if __name__ == "__main__":
    finetuner = Finetuner(accelerator="cuda", devices=4, strategy="deepspeed_stage_2", run_dir="runs/sft")
    finetuner.launch()
    finetuner.run("runs/gpt-350m/step-0100000.ckpt")
