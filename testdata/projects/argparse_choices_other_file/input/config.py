import argparse

STRATEGY_HELP = "ddp up to whisper-medium; deepspeed_stage_2 for whisper-large on 24 GB cards"


def get_parser():
    parser = argparse.ArgumentParser(description="Fine-tune Whisper with Lightning Fabric")
    parser.add_argument("--model", default="openai/whisper-small")
    parser.add_argument("--devices", type=int, default=4)
    parser.add_argument("--strategy", default="ddp", choices=["ddp", "fsdp", "deepspeed_stage_2"], help=STRATEGY_HELP)
    parser.add_argument("--lr", type=float, default=1e-5)
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--log-every", type=int, default=50)
    return parser


def describe(args):
    return ", ".join(f"{key}={value}" for key, value in sorted(vars(args).items()))
