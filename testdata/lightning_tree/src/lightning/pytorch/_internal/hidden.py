from ..core.module import LightningModule


class Hidden(LightningModule):
    pass
