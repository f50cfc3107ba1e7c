"""Two optimizers for the parts of one model in one DeepSpeed set-up."""
import torch
import lightning as L


class TwoTower(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = torch.nn.Linear(6, 6)
        self.head = torch.nn.Linear(6, 1)

    def forward(self, x):
        return self.head(torch.relu(self.encoder(x)))


fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed")
fabric.launch()
model = TwoTower()
opt_encoder = torch.optim.SGD(model.encoder.parameters(), lr=1e-3)
opt_head = torch.optim.Adam(model.head.parameters(), lr=1e-2)
model, opt_encoder, opt_head = fabric.setup(model, opt_encoder, opt_head)
for _ in range(2):
    loss = model(torch.randn(3, 6)).mean()
    fabric.backward(loss)
    opt_encoder.step()
    opt_head.step()
