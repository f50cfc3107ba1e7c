import lightning as L

# CPU training with DDP is supported; only DeepSpeed needs CUDA.
fabric = L.Fabric(accelerator="cpu", devices=4, strategy="ddp")
fabric.launch()
