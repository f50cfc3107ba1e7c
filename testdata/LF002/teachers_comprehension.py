import torch
import torch.nn.functional as F
import lightning_fabric as lf

from timm import create_model

TEACHERS = ["convnext_large", "vit_large_patch16_224", "efficientnet_b7"]


def main(loader, epochs=100):
    fabric = lf.Fabric(devices=8, num_nodes=2, strategy="deepspeed_stage_2")
    fabric.launch()

    # frozen teachers: each setup_module is counted by Lightning
    teachers = [fabric.setup_module(create_model(name, pretrained=True).eval()) for name in TEACHERS]

    pupil = create_model("resnet50", num_classes=1000)
    opt = torch.optim.AdamW(pupil.parameters(), lr=5e-4, weight_decay=0.05)
    pupil, opt = fabric.setup(pupil, opt)
    loader = fabric.setup_dataloaders(loader)

    for epoch in range(epochs):
        for x, _ in loader:
            with torch.no_grad():
                soft = torch.stack([t(x).softmax(-1) for t in teachers]).mean(0)
            loss = F.cross_entropy(pupil(x), soft)
            opt.zero_grad()
            fabric.backward(loss)
            opt.step()


if __name__ == "__main__":
    main(loader=None)
