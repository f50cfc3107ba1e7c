import lightning as L
import torch
from lightning.fabric.strategies import DeepSpeedStrategy

from lit_gpt import GPT, Config


def main():
    strategy = DeepSpeedStrategy(stage=2, allgather_bucket_size=5e8, reduce_bucket_size=5e8)
    fabric = L.Fabric(devices=8, strategy=strategy, precision="transformer-engine")
    fabric.launch()
    with fabric.init_module():
        model = GPT(Config.from_name("Llama-2-7b-hf"))
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    model, optimizer = fabric.setup(model, optimizer)


if __name__ == "__main__":
    main()
