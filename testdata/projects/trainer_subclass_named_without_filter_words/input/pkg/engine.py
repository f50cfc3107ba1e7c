import lightning as L


class Base(L.Trainer):
    """The project's Trainer, with its own defaults."""


class Runner(Base):
    pass
