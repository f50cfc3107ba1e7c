import argparse

import torch
import lightning as L

from llm import TransformerLM, TokenStream

parser = argparse.ArgumentParser()
parser.add_argument("--size", choices=["125m", "1b", "7b"], default="125m")
args = parser.parse_args()

strategy = "deepspeed_stage_3" if args.size == "7b" else "ddp"
fabric = L.Fabric(accelerator="cuda", devices=8, strategy=strategy, precision="bf16-mixed")
fabric.launch()

lm = TransformerLM.from_config(args.size)
optimizer = torch.optim.AdamW(lm.parameters(), lr=6e-4, betas=(0.9, 0.95))
stream = TokenStream("tokens.bin", block_size=1024, batch_size=16, rank=fabric.global_rank)

for it, (tokens, targets) in enumerate(stream):
    logits = lm(tokens.to(fabric.device))
    loss = torch.nn.functional.cross_entropy(logits.flatten(0, 1), targets.to(fabric.device).flatten())
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
    if it == 100_000:
        break
