from lightning.pytorch.cli import LightningCLI


class CLI(LightningCLI):
    """The project's CLI: its defaults come from the config given with `--config`."""

    def __init__(self, model_class, **kwargs):
        super().__init__(model_class, save_config_kwargs={"overwrite": True}, **kwargs)
