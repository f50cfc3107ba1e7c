import pytorch_lightning as pl
from pytorch_lightning.callbacks import ModelCheckpoint
from pytorch_lightning.strategies import DeepSpeedStrategy

from data.cnn_dailymail import SummarizationData
from models.summarizer import Summarizer


def main():
    model = Summarizer("google/flan-t5-xl", lr=1e-4, warmup_epochs=2)
    data = SummarizationData("cnn_dailymail", tokenizer=model.tokenizer, batch_size=4)
    trainer = pl.Trainer(
        accelerator="gpu",
        devices=8,
        precision="bf16-mixed",
        strategy=DeepSpeedStrategy(stage=3, offload_optimizer=True),
        max_epochs=5,
        callbacks=[ModelCheckpoint(monitor="val/loss", mode="min")],
    )
    trainer.fit(model, datamodule=data)


if __name__ == "__main__":
    main()
