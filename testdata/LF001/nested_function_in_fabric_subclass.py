import torch
from lightning.fabric import Fabric


class Lite(Fabric):
    def run(self):
        model = torch.nn.Linear(4, 1)
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

        def run_epoch():
            for _ in range(3):
                loss = model(torch.randn(8, 4)).sum()
                self.backward(loss)
                optimizer.step()

        run_epoch()


Lite(devices=2, accelerator="gpu", strategy="deepspeed").run()
