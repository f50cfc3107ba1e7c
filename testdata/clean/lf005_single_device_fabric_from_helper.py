"""A helper makes a second, single-device Fabric for the evaluation player:
its strategy class is picked by a conditional between two single-device
strategies, so it needs no launch, whatever the main Fabric runs."""

import torch
from lightning.fabric import Fabric
from lightning.fabric.accelerators import XLAAccelerator
from lightning.fabric.strategies import SingleDeviceStrategy, SingleDeviceXLAStrategy


def single_device_twin(fabric):
    cls = SingleDeviceXLAStrategy if isinstance(fabric.accelerator, XLAAccelerator) else SingleDeviceStrategy
    strategy = cls(device=fabric.device, accelerator=fabric.accelerator)
    twin = Fabric(strategy=strategy)
    return twin


def evaluate(fabric, policy):
    player = single_device_twin(fabric)
    policy = player.setup_module(policy)
    with torch.no_grad():
        return policy(torch.randn(1, 8))
