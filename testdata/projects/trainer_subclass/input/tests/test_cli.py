from argparse import Namespace

from pytorch_lightning import Trainer


def test_from_args(cli_args):
    trainer = Trainer.from_argparse_args(Namespace(**cli_args))
    assert trainer is not None
