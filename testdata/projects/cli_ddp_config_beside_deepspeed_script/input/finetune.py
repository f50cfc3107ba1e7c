import lightning as L

from tasks import Finetune


def main():
    trainer = L.Trainer(accelerator="gpu", devices=1, strategy="deepspeed_stage_2", max_epochs=1,
                        logger=False, enable_checkpointing=False)
    trainer.fit(Finetune())


if __name__ == "__main__":
    main()
