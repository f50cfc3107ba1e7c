import lightning as L

from modules import Classifier, Denoiser, Regressor, Segmenter

trainer = L.Trainer(accelerator="gpu", devices=4, strategy="deepspeed_stage_2")
for module in (Segmenter(), Classifier(), Denoiser(), Regressor()):
    trainer.fit(module)
