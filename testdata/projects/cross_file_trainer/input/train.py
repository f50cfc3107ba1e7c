import lightning as L

from model import Classifier
from data import MNISTData


def main():
    trainer = L.Trainer(accelerator="gpu", devices=4, strategy="deepspeed_stage_2", max_epochs=5)
    trainer.fit(Classifier(), datamodule=MNISTData())


if __name__ == "__main__":
    main()
