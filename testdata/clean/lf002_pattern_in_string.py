"""Notes for the migration to DeepSpeed.

With two models set up, e.g.::

    fabric = L.Fabric(strategy="deepspeed")
    netG, optG = fabric.setup(netG, optG)
    netD, optD = fabric.setup(netD, optD)
    fabric.backward(errD)

Lightning raises "When using multiple models + deepspeed, please provide the model".
"""
import lightning as L

SNIPPET = 'fabric = L.Fabric(strategy="deepspeed"); a, oa = fabric.setup(a, oa); b, ob = fabric.setup(b, ob); fabric.backward(loss)'


def explain():
    # fabric.setup(netG, optG); fabric.setup(netD, optD); fabric.backward(errD)  <- would crash
    print(__doc__)
    print(SNIPPET)


def main(model, optimizer, loader):
    fabric = L.Fabric(strategy="deepspeed")
    fabric.launch()
    model, optimizer = fabric.setup(model, optimizer)
    for batch in loader:
        loss = model(batch).mean()
        fabric.backward(loss)  # one model: fabric.backward(loss) is fine here
        optimizer.step()
