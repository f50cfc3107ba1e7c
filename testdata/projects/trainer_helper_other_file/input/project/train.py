import lightning.pytorch as pl

from project.models import Classifier
from project.trainers import build_trainer


def main():
    model = Classifier()
    # A quick run on the CPU first, then the real one.
    pl.Trainer(accelerator="cpu", fast_dev_run=True).fit(model)
    trainer = build_trainer(smoke_test=False)
    trainer.fit(model)


if __name__ == "__main__":
    main()
