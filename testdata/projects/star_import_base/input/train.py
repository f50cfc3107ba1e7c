import lightning as L
from pkg.model import Net
L.Trainer(strategy="deepspeed_stage_2").fit(Net())
