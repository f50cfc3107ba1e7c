import torch
import torch.nn.functional as F
import lightning as L


class Trainer:
    """Our small Fabric-based trainer: build it, `setup` the model, then `fit`."""

    def __init__(self, devices=1, strategy="auto", precision="bf16-mixed", max_epochs=10, alpha=0.5):
        self.fabric = L.Fabric(accelerator="cuda", devices=devices, strategy=strategy, precision=precision)
        self.fabric.launch()
        self.max_epochs = max_epochs
        self.alpha = alpha
        self.teacher = None

    def setup(self, model, optimizer, teacher=None):
        self.model, self.optimizer = self.fabric.setup(model, optimizer)
        if teacher is not None:
            self.teacher = self.fabric.setup_module(teacher.eval())

    def training_step(self, batch):
        inputs, targets = batch
        logits = self.model(inputs)
        loss = F.cross_entropy(logits, targets)
        if self.teacher is not None:
            with torch.no_grad():
                soft = self.teacher(inputs).softmax(-1)
            kd = F.kl_div(logits.log_softmax(-1), soft, reduction="batchmean")
            loss = (1 - self.alpha) * loss + self.alpha * kd
        self.optimizer.zero_grad()
        self.fabric.backward(loss)
        self.optimizer.step()
        return loss.detach()

    def fit(self, train_loader):
        train_loader = self.fabric.setup_dataloaders(train_loader)
        for epoch in range(self.max_epochs):
            for batch in train_loader:
                loss = self.training_step(batch)
            self.fabric.print(f"epoch {epoch}: loss {loss.item():.4f}")
            self.fabric.save(f"checkpoints/epoch-{epoch}.ckpt", {"model": self.model})
