import torch
import torch.nn.functional as F
import lightning as L

from zoo import WideResNet

N_MEMBERS = 5


def train_ensemble(train_loader, epochs=30):
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_1")
    fabric.launch()
    train_loader = fabric.setup_dataloaders(train_loader)

    for member in range(N_MEMBERS):
        torch.manual_seed(1234 + member)
        net = WideResNet(depth=28, widen_factor=10)
        sgd = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9, nesterov=True)
        # one engine per member; the second iteration is the second setup
        net, sgd = fabric.setup(net, sgd)

        for epoch in range(epochs):
            for images, labels in train_loader:
                loss = F.cross_entropy(net(images), labels, label_smoothing=0.1)
                sgd.zero_grad()
                fabric.backward(loss)
                sgd.step()

        fabric.save(f"checkpoints/member_{member}.ckpt", {"model": net})
