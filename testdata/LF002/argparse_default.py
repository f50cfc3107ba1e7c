import argparse

import torch
import torch.nn.functional as F
from lightning import Fabric

from models import BigLM, RewardHead


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--devices", type=int, default=8)
    parser.add_argument("--strategy", default="deepspeed_stage_3")
    parser.add_argument("--lr", type=float, default=1e-5)
    return parser.parse_args()


def main():
    args = parse_args()
    fabric = Fabric(devices=args.devices, strategy=args.strategy, precision="bf16-true")
    fabric.launch()

    lm = BigLM.from_pretrained("checkpoints/sft")
    head = RewardHead(lm.config.hidden_size)
    lm_opt = torch.optim.AdamW(lm.parameters(), lr=args.lr)
    head_opt = torch.optim.AdamW(head.parameters(), lr=args.lr * 100)
    lm, lm_opt = fabric.setup(lm, lm_opt)
    head, head_opt = fabric.setup(head, head_opt)

    for chosen, rejected in fabric.setup_dataloaders(make_pairs()):
        feats_c = lm(chosen).last_hidden_state[:, -1]
        feats_r = lm(rejected).last_hidden_state[:, -1]

        head_loss = -F.logsigmoid(head(feats_c.detach()) - head(feats_r.detach())).mean()
        head_opt.zero_grad()
        fabric.backward(head_loss)
        head_opt.step()

        lm_loss = -F.logsigmoid(head(feats_c) - head(feats_r)).mean()
        lm_opt.zero_grad()
        fabric.backward(lm_loss)
        lm_opt.step()


if __name__ == "__main__":
    main()
