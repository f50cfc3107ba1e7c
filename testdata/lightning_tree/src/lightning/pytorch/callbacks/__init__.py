from lightning.pytorch.callbacks.callback import Callback
