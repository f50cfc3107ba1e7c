import torch
import torch.nn.functional as F
import lightning as L
import torchaudio


class CTCModel(L.LightningModule):
    def __init__(self, vocab_size: int = 32, lr: float = 3e-4):
        super().__init__()
        self.save_hyperparameters()
        bundle = torchaudio.pipelines.WAV2VEC2_BASE
        self.encoder = bundle.get_model()
        self.head = torch.nn.Linear(768, vocab_size)

    def forward(self, waveforms, wave_lens):
        features, feat_lens = self.encoder.extract_features(waveforms, wave_lens)
        return self.head(features[-1]).log_softmax(-1).transpose(0, 1), feat_lens

    def training_step(self, batch, batch_idx):
        waveforms, wave_lens, targets, target_lens = batch
        log_probs, feat_lens = self(waveforms, wave_lens)
        if (feat_lens < target_lens).any():
            # CTC needs at least as many frames as labels
            return None
        loss = F.ctc_loss(log_probs, targets, feat_lens, target_lens, zero_infinity=True)
        self.log("train/ctc", loss, prog_bar=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.hparams.lr)
