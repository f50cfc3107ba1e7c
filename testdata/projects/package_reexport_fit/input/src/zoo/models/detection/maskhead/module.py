from argparse import ArgumentParser

import torch
from pytorch_lightning import LightningModule, Trainer


class MaskHead(LightningModule):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(16, 16)

    def training_step(self, batch, batch_idx):
        images, masks = batch
        return torch.nn.functional.binary_cross_entropy_with_logits(self.head(images), masks)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


def cli_main():
    parser = ArgumentParser()
    parser = Trainer.add_argparse_args(parser)
    args = parser.parse_args()
    trainer = Trainer.from_argparse_args(args)
    trainer.fit(MaskHead())


if __name__ == "__main__":
    cli_main()
