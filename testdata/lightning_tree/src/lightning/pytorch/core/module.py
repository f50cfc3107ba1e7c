class LightningModule:
    pass
