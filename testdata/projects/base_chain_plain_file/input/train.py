import lightning as L

from models.net import Classifier
from data import CIFARData

if __name__ == "__main__":
    trainer = L.Trainer(accelerator="gpu", devices=8, strategy="deepspeed_stage_2", max_epochs=30)
    trainer.fit(Classifier(), datamodule=CIFARData(batch_size=256))
