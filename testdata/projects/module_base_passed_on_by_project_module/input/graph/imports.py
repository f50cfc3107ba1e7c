# Whichever Lightning is installed, passed on to the rest of the package.
try:
    import lightning.pytorch as pl

    _pl_is_available = True
except ImportError:
    try:
        import pytorch_lightning as pl

        _pl_is_available = True
    except ImportError:
        _pl_is_available = False

if _pl_is_available:
    LightningModule = pl.LightningModule
    Callback = pl.Callback
else:
    import torch

    pl = object
    LightningModule = torch.nn.Module
    Callback = object
