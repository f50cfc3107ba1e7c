from pytorch_lightning import Trainer

from zoo.models.detection import BoxNet


def test_boxnet_trains_under_deepspeed():
    trainer = Trainer(fast_dev_run=True, strategy="deepspeed_stage_2", accelerator="gpu")
    trainer.fit(BoxNet())
