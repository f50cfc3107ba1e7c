import lightning as L


def train(module):
    L.Trainer(strategy="deepspeed_stage_2").fit(module)
