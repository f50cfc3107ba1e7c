"""`stage=3` is given, but so is a config, which replaces the arguments:
the engine runs the config's stage 2, where `empty_init=False` is fine."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import DeepSpeedStrategy


def main():
    config = {"zero_allow_untested_optimizer": True, "zero_optimization": {"stage": 2}}
    strategy = DeepSpeedStrategy(stage=3, config=config)
    fabric = Fabric(accelerator="cuda", devices=1, strategy=strategy)
    fabric.launch()
    with fabric.init_module(empty_init=False):
        model = torch.nn.Linear(5, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    model, optimizer = fabric.setup(model, optimizer)
    loss = model(torch.randn(3, 5)).square().sum()
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    main()
