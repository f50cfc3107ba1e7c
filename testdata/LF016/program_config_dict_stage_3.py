"""The ZeRO stage is set in the DeepSpeed config dict, after it was written,
not by `stage=`: stage 3 all the same, so `empty_init=False` is refused."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import DeepSpeedStrategy


def main():
    ds_config = {
        "train_micro_batch_size_per_gpu": 3,
        "zero_allow_untested_optimizer": True,
        "zero_optimization": {"stage": 2},
    }
    ds_config["zero_optimization"]["stage"] = 3
    fabric = Fabric(accelerator="cuda", devices=1, strategy=DeepSpeedStrategy(config=ds_config))
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
