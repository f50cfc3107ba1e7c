import lightning as L


class ClusterTrainer(L.Trainer):
    def __init__(self, **kwargs):
        kwargs.setdefault("strategy", "deepspeed_stage_3")
        kwargs.setdefault("enable_checkpointing", False)
        super().__init__(**kwargs)


class LocalTrainer(L.Trainer):
    def __init__(self, **kwargs):
        kwargs.setdefault("enable_checkpointing", False)
        super().__init__(**kwargs)
