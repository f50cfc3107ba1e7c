import lightning as L
import torch


def run(fabric, epochs):
    with fabric.init_module():
        model = torch.nn.TransformerEncoder(torch.nn.TransformerEncoderLayer(512, 8), num_layers=6)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    model, optimizer = fabric.setup(model, optimizer)
    for _ in range(epochs):
        fabric.barrier()


if __name__ == "__main__":
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_3")
    fabric.launch(run, epochs=2)
