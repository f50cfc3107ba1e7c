import lightning as L
import torch

from model import GPT, GPTConfig


def main():
    # Debug the training loop on a laptop before submitting to the cluster.
    fabric = L.Fabric(accelerator="cpu", devices=2, strategy="deepspeed_stage_2")
    fabric.launch()
    model = GPT(GPTConfig(n_layer=2, n_head=2, n_embd=128))
    optimizer = torch.optim.AdamW(model.parameters(), lr=6e-4)
    model, optimizer = fabric.setup(model, optimizer)


if __name__ == "__main__":
    main()
