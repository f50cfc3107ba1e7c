from lightning.pytorch.cli import LightningCLI

from seg.data import ADE20KDataModule
from seg.model import SegFormerModule


def main():
    LightningCLI(
        SegFormerModule,
        ADE20KDataModule,
        seed_everything_default=42,
        save_config_kwargs={"overwrite": True},
    )


if __name__ == "__main__":
    main()
