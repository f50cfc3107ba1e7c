import torch
import torch.nn.functional as F
import lightning as L

from librispeech import speaker_loader
from model import CTCModel


def finetune(checkpoint, speaker, steps=2000):
    """Adapt the CTC model to one speaker with a plain Fabric loop."""
    fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2", precision="16-mixed")
    fabric.launch()
    model = CTCModel.load_from_checkpoint(checkpoint)
    model.encoder.feature_extractor.requires_grad_(False)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-5)
    model, optimizer = fabric.setup(model, optimizer)
    loader = fabric.setup_dataloaders(speaker_loader(speaker, batch_size=8))
    for step, (waveforms, wave_lens, targets, target_lens) in enumerate(loader):
        log_probs, feat_lens = model(waveforms, wave_lens)
        loss = F.ctc_loss(log_probs, targets, feat_lens, target_lens, zero_infinity=True)
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()
        if step == steps:
            break
    fabric.save(f"checkpoints/{speaker}.ckpt", {"model": model})


if __name__ == "__main__":
    finetune("checkpoints/base.ckpt", speaker="1089")
