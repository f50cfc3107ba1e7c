# args: --target-strategy deepspeed
from lightning.fabric import Fabric
import torch

from vq import VQModel


def setup_training(fabric: Fabric, model: torch.nn.Module):
    encoder_opt = torch.optim.AdamW(model.encoder.parameters(), lr=1e-4)
    decoder_opt = torch.optim.AdamW(model.decoder.parameters(), lr=3e-4)
    codebook_opt = torch.optim.SGD(model.codebook.parameters(), lr=1e-2)
    return fabric.setup(model, encoder_opt, decoder_opt, codebook_opt)


fabric = Fabric(strategy="ddp", devices=4)
fabric.launch()
model, encoder_opt, decoder_opt, codebook_opt = setup_training(fabric, VQModel())
