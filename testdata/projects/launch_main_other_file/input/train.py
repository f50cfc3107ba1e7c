import argparse

import lightning as L

from loop import main


def cli():
    parser = argparse.ArgumentParser(description="Pretrain a small GPT with Fabric")
    parser.add_argument("--devices", type=int, default=8)
    parser.add_argument("--num-nodes", type=int, default=1)
    parser.add_argument("--max-iters", type=int, default=600_000)
    args = parser.parse_args()

    fabric = L.Fabric(
        accelerator="cuda",
        devices=args.devices,
        num_nodes=args.num_nodes,
        strategy="deepspeed_stage_3",
        precision="bf16-mixed",
    )
    fabric.launch(main, max_iters=args.max_iters)


if __name__ == "__main__":
    cli()
