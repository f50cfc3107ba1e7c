from pytorch_lightning import Trainer as PlTrainer


class Trainer(PlTrainer):
    """Lightning's Trainer with the package's defaults."""
