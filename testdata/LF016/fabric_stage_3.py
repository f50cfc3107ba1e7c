import time

import lightning as L
import torch

from lit_gpt import GPT, Config, Tokenizer


def main(checkpoint_dir: str = "checkpoints/stabilityai/stablelm-base-alpha-3b"):
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_3", precision="bf16-true")
    fabric.launch()

    config = Config.from_name("stablelm-base-alpha-3b")
    t0 = time.perf_counter()
    with fabric.init_module(empty_init=False):
        model = GPT(config)
    fabric.print(f"Time to instantiate model: {time.perf_counter() - t0:.02f} seconds.")

    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4, weight_decay=0.1)
    model, optimizer = fabric.setup(model, optimizer)
    tokenizer = Tokenizer(checkpoint_dir)


if __name__ == "__main__":
    main()
