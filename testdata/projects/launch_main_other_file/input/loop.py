import math
import time

import torch
import torch.nn.functional as F

from gpt import GPT, GPTConfig
from data import token_batches


def get_lr(it, warmup=2000, max_iters=600_000, lr=6e-4, min_lr=6e-5):
    if it < warmup:
        return lr * it / warmup
    ratio = (it - warmup) / max(1, max_iters - warmup)
    return min_lr + 0.5 * (1.0 + math.cos(math.pi * ratio)) * (lr - min_lr)


def main(fabric, max_iters=600_000, grad_accum=4):
    fabric.seed_everything(1337 + fabric.global_rank)
    with fabric.init_module():
        model = GPT(GPTConfig(n_layer=24, n_head=16, n_embd=1024))
    optimizer = torch.optim.AdamW(model.parameters(), lr=6e-4, betas=(0.9, 0.95), weight_decay=0.1)
    batches = token_batches("data/openwebtext/train.bin", batch_size=12, block_size=1024, rank=fabric.global_rank)

    t0 = time.time()
    for it in range(max_iters):
        for group in optimizer.param_groups:
            group["lr"] = get_lr(it, max_iters=max_iters)
        for micro in range(grad_accum):
            x, y = next(batches)
            x, y = x.to(fabric.device), y.to(fabric.device)
            logits = model(x)
            loss = F.cross_entropy(logits.view(-1, logits.size(-1)), y.view(-1)) / grad_accum
            fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        if it % 100 == 0:
            fabric.print(f"iter {it}: loss {loss.item() * grad_accum:.4f}, {time.time() - t0:.1f}s")
            t0 = time.time()
