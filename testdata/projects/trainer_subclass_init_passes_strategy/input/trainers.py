import lightning as L


class ZeroTrainer(L.Trainer):
    def __init__(self, devices=1, max_steps=4):
        super().__init__(devices=devices, max_steps=max_steps, strategy="deepspeed_stage_2",
                         enable_checkpointing=False)


class DefaultedTrainer(L.Trainer):
    def __init__(self, strategy="deepspeed_stage_3", **kwargs):
        super().__init__(strategy=strategy, enable_checkpointing=False, **kwargs)


class PlainTrainer(L.Trainer):
    def __init__(self, devices=1, max_steps=4):
        super().__init__(devices=devices, max_steps=max_steps, enable_checkpointing=False)
