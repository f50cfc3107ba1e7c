import lightning as L

from lm.rnn import TruncatedBPTTLM
from wikitext import WikiTextDataModule


def main():
    trainer = L.Trainer(
        accelerator="gpu",
        devices=4,
        strategy="deepspeed_stage_1",
        max_epochs=40,
        gradient_clip_val=None,
    )
    trainer.fit(TruncatedBPTTLM(vocab_size=33_278, chunk=70), datamodule=WikiTextDataModule("wikitext-103", batch_size=64))


if __name__ == "__main__":
    main()
