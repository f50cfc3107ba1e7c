from lightning.pytorch.cli import LightningCLI

from model import LitClassifier


def main():
    # python main.py fit --config configs/offload.yaml
    LightningCLI(LitClassifier, save_config_kwargs={"overwrite": True})


if __name__ == "__main__":
    main()
