import lightning as L

from interactions import InteractionsDataModule
from model import TwoTowerRecommender


def main():
    data = InteractionsDataModule("data/interactions.parquet", batch_size=8192, negatives=4)
    model = TwoTowerRecommender(n_users=2_000_000, n_items=500_000, dim=256)
    trainer = L.Trainer(
        accelerator="gpu",
        devices=4,
        strategy="deepspeed_stage_2",
        max_epochs=10,
        log_every_n_steps=20,
    )
    trainer.fit(model, datamodule=data)


if __name__ == "__main__":
    main()
