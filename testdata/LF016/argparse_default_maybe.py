import argparse

from lightning.fabric import Fabric

from model import MoE


def build_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", choices=["fsdp", "deepspeed_stage_3"], default="fsdp")
    return parser


args = build_parser().parse_args()
fabric = Fabric(strategy=args.strategy, devices=8)
fabric.launch()
with fabric.init_module(empty_init=False):
	model = MoE(num_experts=64)
model = fabric.setup(model)
