import torch
import lightning as L


class ManualBase(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


class TBPTTModel(ManualBase):
    def __init__(self, rnn: torch.nn.Module, chunk: int = 64):
        super().__init__()
        self.rnn = rnn
        self.chunk = chunk

    def training_step(self, batch, batch_idx):
        x, y = batch
        if x.size(1) < self.chunk:
            return None
        opt = self.optimizers()
        hidden = None
        for start in range(0, x.size(1), self.chunk):
            out, hidden = self.rnn(x[:, start:start + self.chunk], hidden)
            loss = torch.nn.functional.mse_loss(out, y[:, start:start + self.chunk])
            opt.zero_grad()
            self.manual_backward(loss)
            opt.step()
            hidden = hidden.detach()


trainer = L.Trainer(strategy="deepspeed_stage_2", devices=2)
